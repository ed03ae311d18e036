// The window's first call (data/opening-call.ts), usually sent by the window's first script before
// app.js ran: its answer is kept as listProfiles', the first inbox page's, listEvents' and
// listSavedFilters', so the screens that show them find them in and ask nothing more.
import { dataClient } from './data.ts';
import { pageInput } from './pages.ts';
import { openingCall } from './opening-call.ts';
import { worklistPage, worklistQueryOf } from '../screens/inbox/use-worklist.ts';
import { noFilters, openingView } from '../screens/inbox/view-state.ts';

/** The inbox's first page as the worklist asks for it when it opens (use-worklist.ts): the page
 * the first call asked for (shared/ipc/opening-inbox.ts), for the profile main chose. */
const openingPage = (profileId: string) =>
  pageInput('listInbox', worklistQueryOf(profileId, noFilters, openingView), 0, worklistPage);

/** Settles once the answer is kept; on a failure nothing is kept, and the screens ask as usual
 * (and say why if that fails too). */
export async function openWindow(): Promise<void> {
  const { answer: r, asOf } = await openingCall();
  if (!r.ok) return;
  dataClient().prime('listProfiles', {}, r.value.profiles, asOf);
  const inbox = r.value.inbox;
  if (!inbox) return;
  const profile = { profileId: inbox.profileId };
  dataClient().prime('listInbox', openingPage(inbox.profileId), inbox.page, asOf);
  dataClient().prime('listEvents', profile, inbox.events, asOf);
  dataClient().prime('listSavedFilters', profile, inbox.savedFilters, asOf);
}
