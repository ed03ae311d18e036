// The window's first call (shared/ipc/channels/window-start.ts): the profiles and the first inbox
// page of the one in use. Sent once, by whichever script asks first: the window's first script
// (renderer/start.ts) sends it before app.js has loaded, so main answers while app.js is fetched
// and compiled; app.js (window-start.ts) then takes the same answer. Free of React and of zod, so
// the first script stays small.
import { api } from '../bridge.ts';
import { dataClient } from './client.ts';
import { openingInbox } from '../../shared/ipc/opening-inbox.ts';
import { rememberedProfile } from '../state/remembered-profile.ts';

const send = async () => {
  // Taken before the call: anything the service changes while it is answered makes the answer
  // stale when it is kept (query-client.ts, prime).
  const asOf = dataClient().invalidations();
  const remembered = rememberedProfile();
  const inbox = { ...openingInbox, collapsed: [...openingInbox.collapsed] };
  return { answer: await api().openWindow({ ...(remembered ? { remembered } : {}), inbox }), asOf };
};

let sent: ReturnType<typeof send> | undefined;

/** The first call's answer, and the data client's invalidations when it was sent. */
export function openingCall(): ReturnType<typeof send> {
  return (sent ??= send());
}
