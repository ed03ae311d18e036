// The settings form is judged by the schema main saves a profile with (renderer/screens/settings/settings-form.ts
// and shared/profiles.ts's editedProfileSchema): the window refuses exactly what main refuses,
// in the form's words, and a receiver port of 0 is refused by both (the window alone refused it,
// while main saved it and the receiver moved to a new port at every start).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { draftOf, profileOf, type Draft } from '../../../renderer/screens/settings/settings-form.ts';
import { editedProfileSchema, profileDefaults } from '../../../shared/profiles.ts';
import type { ProfileView } from '../../../shared/ipc/channels/app.ts';

const saved: ProfileView = {
  ...profileDefaults,
  reminderThresholdDays: [7, 3, 1],
  id: 'prof_a',
  name: 'Corner shop',
  deployment: 'core',
  url: 'https://api.example.com',
  keyStatus: 'keychain',
  alertReceiver: { enabled: true, bindAddress: '127.0.0.1', port: 8787, secret: 's'.repeat(32) },
};
const judged = (change: Partial<Draft>) => profileOf(saved, { ...draftOf(saved), ...change });
/** The profile, or the refusal's words. */
const edit = (change: Partial<Draft>) => {
  const r = judged(change);
  return r.ok ? r.profile : r.message;
};
/** The field a refusal marks. */
const fieldOf = (change: Partial<Draft>) => {
  const r = judged(change);
  return r.ok ? 'saved' : r.field;
};

test('an unchanged form is the saved profile, and main accepts it', () => {
  const p = edit({});
  assert.ok(typeof p !== 'string', String(p));
  assert.equal(editedProfileSchema.safeParse(p).success, true);
  assert.equal(p.alertReceiver?.port, 8787);
  assert.deepEqual(p.limits, saved.limits);
});

test('a receiver port of 0 is refused by the form and by the schema main saves with', () => {
  assert.equal(edit({ port: '0' }), 'The receiver port: a port from 1 to 65535.');
  assert.equal(edit({ port: '70000' }), 'The receiver port: a port from 1 to 65535.');
  const withZero = { ...(edit({}) as object), alertReceiver: { ...saved.alertReceiver!, port: 0 } };
  assert.equal(editedProfileSchema.safeParse(withZero).success, false, 'main refuses it too');
  // Off, an untouched port is not judged: the receiver does not listen.
  assert.equal(typeof edit({ receiverOn: false, port: '8787' }), 'object');
});

test("the schema's rules reach the form in its words: pages, sync, reminders, address, where to listen", () => {
  assert.equal(edit({ maxPages: '0' }), 'The most pages: at least 1 page.');
  assert.equal(edit({ maxDpi: '50' }), 'The resolution: from 72 to 600 dpi.');
  assert.equal(edit({ syncMinutes: '0' }), 'How often to sync: at least 1 minute.');
  assert.equal(edit({ reminders: '7, 90' }), 'The reminder days: whole days from 0 to 60.');
  assert.match(
    String(edit({ sendByDays: '99' })),
    /^The business days before the reply date: a whole number from 0 to 20\.$/,
  );
  assert.match(String(edit({ merchantAddress: 'somewhere' })), /^The shop address cannot be compared with receipts: /);
  assert.match(String(edit({ bindAddress: '0.0.0.0' })), /^The receiver cannot listen there: 0\.0\.0\.0 is reachable/);
  assert.equal(edit({ name: '  ' }), 'The profile name: give the profile a name.');
});

test('a fraction where a whole number goes is refused with the range that is allowed', () => {
  assert.equal(edit({ maxPages: '2.5' }), 'The most pages: a whole number of pages, from 1 to 500.');
  assert.equal(edit({ maxDpi: '150,5' }), 'The resolution: a whole number from 72 to 600 dpi.');
  assert.equal(edit({ syncMinutes: '2.5' }), 'How often to sync: whole minutes, from 1 to 1440.');
  assert.equal(edit({ reminders: '7, 2.5' }), 'The reminder days: whole days from 0 to 60.');
  assert.equal(edit({ sendByDays: '2.5' }), 'The business days before the reply date: a whole number from 0 to 20.');
  assert.match(String(edit({ port: '8787.5' })), /^The receiver port: .*1.*65535/);
});

test('what only the form can see is still asked: text that is no number, a file over the packet', () => {
  assert.equal(edit({ maxPages: 'ten' }), 'Enter the most pages as a whole number.');
  assert.equal(edit({ port: 'abc' }), 'Enter the receiver port as a whole number, like 8787.');
  assert.equal(
    edit({ maxFileMb: '20', maxTotalMb: '10' }),
    'A single file cannot be allowed more than the whole packet.',
  );
  assert.equal(edit({ headerName: '', headerValue: 'x' }), 'Give the header name for your own header value.');
});

test('each refusal marks the field to mend, by what the form checks and by what the schema refuses', () => {
  const cases: Array<[Partial<Draft>, keyof Draft]> = [
    [{ maxFileMb: '' }, 'maxFileMb'],
    [{ maxTotalMb: 'x' }, 'maxTotalMb'],
    [{ maxFileMb: '20', maxTotalMb: '10' }, 'maxFileMb'],
    [{ maxPages: 'ten' }, 'maxPages'],
    [{ maxPages: '0' }, 'maxPages'],
    [{ maxDpi: '50' }, 'maxDpi'],
    [{ syncMinutes: '0' }, 'syncMinutes'],
    [{ reminders: '7, 90' }, 'reminders'],
    [{ reminders: 'soon' }, 'reminders'],
    [{ sendByDays: '99' }, 'sendByDays'],
    [{ mainCurrency: 'XYZ' }, 'mainCurrency'],
    [{ merchantAddress: 'somewhere' }, 'merchantAddress'],
    [{ name: '  ' }, 'name'],
    [{ port: '0' }, 'port'],
    [{ port: 'abc' }, 'port'],
    [{ bindAddress: '0.0.0.0' }, 'bindAddress'],
    [{ headerName: '', headerValue: 'x' }, 'headerName'],
  ];
  for (const [change, field] of cases) assert.equal(fieldOf(change), field, JSON.stringify(change));
  assert.equal(fieldOf({}), 'saved');
});
