// The one readiness rule for an answer: every branch, as the window, the CLI, batch and the
// outbox's guards read it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  answerReadiness,
  contentRefusal,
  finalRefusal,
  hasContent,
  hasTypedFacts,
  readinessError,
  readinessProblems,
  type AnswerFacts,
} from '../../../shared/domain/answer-readiness.ts';

// 2026-11-26 15:00 UTC is 10:00 on the service's (Eastern) calendar, 2026-11-26.
const now = new Date('2026-11-26T15:00:00Z');
const open = { status: 'open', actionable: 1, cycle: 'first', reply: 20261203 };
const facts = (over: Partial<AnswerFacts> = {}, cb: Partial<AnswerFacts['chargeback']> = {}): AnswerFacts => ({
  chargeback: { ...open, ...cb },
  messageType: 'respond',
  files: 0,
  ...over,
});

test('an answer with a note, a file or a typed fact, fitting its open stage in time, is ready', () => {
  assert.equal(answerReadiness(facts({ note: 'Delivered on the 3rd.' }), {}, now), undefined);
  assert.equal(answerReadiness(facts({ files: 1 }), {}, now), undefined);
  const slots = { tracking: { fields: { trackingNumber: '1Z999AA1' }, files: [] } };
  assert.equal(answerReadiness(facts({ slots }), {}, now), undefined);
  assert.deepEqual(readinessProblems(facts({ files: 2 }), now), []);
});

test('nothing to send is refused, and no consent lifts it', () => {
  const p = answerReadiness(facts(), { unusual: true, sendLate: true }, now);
  assert.equal(p?.kind, 'empty');
  assert.equal(p?.consent, undefined);
  assert.match(
    p!.text,
    /Respond with evidence has nothing in it: write a note, fill in an evidence section or add a file/,
  );
  // Blank space and empty typed fields are nothing.
  const blank = { tracking: { fields: { carrier: '  ', trackingNumber: '' }, files: [] } };
  assert.equal(answerReadiness(facts({ note: '   ', slots: blank }), {}, now)?.kind, 'empty');
  // A note with nothing written is refused in its own words.
  assert.match(
    answerReadiness(facts({ messageType: 'notate' }), {}, now)!.text,
    /Add a note has nothing in it: write the note first/,
  );
});

test('a concession, a withdrawal and an assignment are their own content', () => {
  assert.equal(answerReadiness(facts({ messageType: 'acceptLiability' }), {}, now), undefined);
  assert.equal(
    readinessProblems(facts({ messageType: 'assign' }), now).some((p) => p.kind === 'empty'),
    false,
  );
  assert.equal(
    readinessProblems(facts({ messageType: 'unaccept' }, { cycle: 'merchantDeclinedPreArbitration' }), now).length,
    0,
  );
});

test('a decided, closed or not actionable chargeback is refused whatever the merchant consents to', () => {
  for (const status of ['won', 'lost'] as const) {
    const p = answerReadiness(facts({ files: 1 }, { status }), { unusual: true, sendLate: true }, now);
    assert.equal(p?.kind, 'decided');
    assert.match(p!.text, new RegExp(`is ${status}: the issuer has decided it`));
  }
  assert.equal(answerReadiness(facts({ files: 1 }, { status: 'closed' }), {}, now)?.kind, 'closed');
  assert.equal(answerReadiness(facts({ files: 1 }, { actionable: 0 }), {}, now)?.kind, 'not-actionable');
  assert.equal(answerReadiness(facts({ files: 1 }, { actionable: false }), {}, now)?.kind, 'not-actionable');
  assert.equal(finalRefusal({ ...open, actionable: true }), undefined);
  // A decided chargeback's passed reply date is not news.
  const decided = readinessProblems(facts({ files: 1 }, { status: 'lost', reply: 20261101 }), now);
  assert.deepEqual(
    decided.map((p) => p.kind),
    ['decided'],
  );
});

test('an answer the stage does not usually take needs the merchant to say they mean it', () => {
  const won = facts({ note: 'x', messageType: 'requestArbitration' });
  const p = answerReadiness(won, {}, now);
  assert.equal(p?.kind, 'unusual');
  assert.equal(p?.consent, 'unusual');
  assert.match(p!.text, /"Request arbitration" is not an answer this stage \(.+\) usually takes/);
  assert.equal(answerReadiness(won, { unusual: true }, now), undefined);
  assert.equal(answerReadiness(won, { sendLate: true }, now)?.kind, 'unusual', 'a different yes does not lift it');
});

test('past the reply date needs its own yes; due today does not', () => {
  const late = facts({ files: 1 }, { reply: 20261125 });
  const p = answerReadiness(late, {}, now);
  assert.equal(p?.kind, 'late');
  assert.equal(p?.consent, 'sendLate');
  assert.match(p!.text, /The reply date \(2026-11-25\) has passed: the processor will likely refuse/);
  assert.equal(answerReadiness(late, { sendLate: true }, now), undefined);
  assert.equal(answerReadiness(late, { unusual: true }, now)?.kind, 'late');
  assert.equal(answerReadiness(facts({ files: 1 }, { reply: 20261126 }), {}, now), undefined);
  assert.equal(
    answerReadiness(facts({ files: 1 }, { reply: null }), {}, now),
    undefined,
    'no reply date: nothing passed',
  );
});

test('several problems: all are listed, most final first; each consent lifts only its own', () => {
  const all = facts({ messageType: 'requestArbitration' }, { reply: 20261120 });
  assert.deepEqual(
    readinessProblems(all, now).map((p) => p.kind),
    ['empty', 'unusual', 'late'],
  );
  const filled = { ...all, note: 'see attached' };
  assert.equal(answerReadiness(filled, { unusual: true }, now)?.kind, 'late');
  assert.equal(answerReadiness(filled, { unusual: true, sendLate: true }, now), undefined);
});

test('typed facts and content', () => {
  assert.equal(hasTypedFacts(undefined), false);
  assert.equal(hasTypedFacts({ policy: { fields: {}, files: ['abc'] } }), false, 'a file is not a typed fact');
  assert.equal(hasTypedFacts({ delivery: { fields: { deliveryDate: '2026-10-20' }, files: [] } }), true);
  assert.equal(hasContent({ files: 0, note: 'x' }), true);
  assert.equal(hasContent({ files: 0 }), false);
});

test('a refusal names what lifts it, so each place can say how to give that yes', () => {
  const late = readinessError(answerReadiness(facts({ files: 1 }, { reply: 20261101 }), {}, now)!);
  assert.equal(late.kind, 'deadline-passed');
  assert.deepEqual(late.fields, [{ field: 'sendLate', message: 'late' }]);
  assert.match(late.message, /Nothing was queued\.$/);
  const empty = readinessError(answerReadiness(facts(), {}, now)!);
  assert.deepEqual([empty.kind, empty.fields?.[0]?.field], ['validation', 'content']);
  const decided = readinessError(answerReadiness(facts({ files: 1 }, { status: 'won' }), {}, now)!);
  assert.deepEqual([decided.kind, decided.fields?.[0]?.field], ['not-open', 'chargeback']);
  assert.equal(contentRefusal({ messageType: 'acceptLiability', files: 0 }), undefined);
});

test('a note longer than the service takes (5,000 characters) is stopped before anything is built, whatever the chargeback', () => {
  const long = 'x'.repeat(5001);
  const problem = answerReadiness(facts({ note: long }), {}, now);
  assert.equal(problem?.kind, 'note-too-long');
  assert.equal(problem?.text, 'The note is 5,001 characters long; the service takes at most 5,000. Shorten it.');
  assert.deepEqual(readinessError(problem!).fields, [{ field: 'note', message: 'note-too-long' }]);
  assert.equal(contentRefusal({ messageType: 'notate', note: long, files: 0 })?.kind, 'note-too-long');
  assert.equal(answerReadiness(facts({ note: 'x'.repeat(5000) }), {}, now), undefined, '5,000 fits');
  assert.equal(answerReadiness(facts({ note: long, files: 1 }, { status: 'won' }), {}, now)?.kind, 'decided');
});
