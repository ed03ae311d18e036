// The window's first script: index.html loads it before app.js, and it sends the window's first
// call at once (data/opening-call.ts). On the 10,000-chargeback portfolio app.js took about 90 ms
// to load and compile before it could ask; asked here, the answer is in by the time React first
// draws. A window opened on a start-up notice asks nothing (main.tsx shows the notice instead).
import { openingCall } from './data/opening-call.ts';
import { carriesStartupNotice } from '../shared/startup-notice-mark.ts';

// A failure is app.js's to handle (window-start.ts): the screens then ask as usual.
if (!carriesStartupNotice(location.hash)) openingCall().catch(() => undefined);
