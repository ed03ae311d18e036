// The answers the dispute page offers first: the ones that fit the stage, answers only, at most
// three, in the order that suits the reason; the view marks them and lists them first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { messageTypeRules, offeredAnswers, suggestedAnswers } from '../../../shared/domain/message-type-rules.ts';
import { cycles, messageTypes, type MessageType } from '../../../shared/domain/enums.ts';
import { answerChoices } from '../../../shared/views/dispute-view.ts';
import type { AnswerState } from '../../../shared/domain/answer-state.ts';

const notAnswered: AnswerState = { stage: 'not-answered', label: 'Not answered', earlier: [] };

test('the answers that fit the stage, at most three, never a note while an answer fits', () => {
  assert.deepEqual(suggestedAnswers('first'), ['respond', 'acceptLiability']);
  assert.deepEqual(suggestedAnswers('representment'), ['respond', 'acceptLiability']);
  assert.deepEqual(suggestedAnswers('preArbitration'), [
    'repsondToPreArbitration',
    'requestResolutionToPreArbitration',
    'requestArbitration',
  ]);
  assert.deepEqual(suggestedAnswers('retrieval'), ['respond']);
  assert.deepEqual(suggestedAnswers('merchantDeclinedPreArbitration'), ['unaccept']);
  assert.deepEqual(suggestedAnswers('somethingNew'), ['notate'], 'nothing else fits: the note is all there is');
  for (const c of cycles) {
    const s = suggestedAnswers(c);
    assert.ok(s.length >= 1 && s.length <= 3, c);
    if (s.some((t) => t !== 'notate')) assert.ok(!s.includes('notate') && !s.includes('assign'), c);
  }
});

test('the reason orders them: records the processor holds settle an authorization dispute first', () => {
  assert.deepEqual(suggestedAnswers('first', 'authorization'), ['represent', 'acceptLiability']);
  assert.deepEqual(suggestedAnswers('first', 'processing-error')[0], 'represent');
  assert.deepEqual(suggestedAnswers('first', 'not-received')[0], 'respond');
  assert.deepEqual(suggestedAnswers('representment', 'authorization')[0], 'respond', 'no represent at this stage');
});

test('every answer has a one-line plain meaning', () => {
  for (const t of messageTypes) {
    const m = messageTypeRules[t].meaning;
    assert.ok(m.length > 10 && m.length < 110 && !m.includes('\n'), t);
  }
});

test('the view lists the suggested answers first, marked, then every other answer once', () => {
  const choices = answerChoices('first', 'core', notAnswered, 'authorization');
  assert.deepEqual(
    choices.filter((c) => c.suggested).map((c) => c.type),
    ['represent', 'acceptLiability'],
  );
  assert.deepEqual(
    choices.slice(0, 3).map((c) => c.type),
    ['represent', 'acceptLiability', 'respond'],
  );
  assert.equal(new Set(choices.map((c) => c.type)).size, choices.length, 'each once');
  assert.deepEqual(
    messageTypes.filter((t) => !choices.some((c) => c.type === t)),
    ['unaccept'],
    'every answer but one that contradicts the stage',
  );
  assert.equal(choices.find((c) => c.type === 'notate')?.fits, true, 'a note fits but is not offered first');
  assert.equal(choices.find((c) => c.type === 'notate')?.suggested, false);
  assert.equal(choices[0]!.meaning, messageTypeRules.represent.meaning);
});

test('choices that contradict each other are never offered together', () => {
  // Nothing to withdraw at a first chargeback: no "Withdraw acceptance" beside "cannot be undone".
  const first = answerChoices('first', 'core', notAnswered).map((c) => c.type);
  assert.ok(first.includes('acceptLiability') && !first.includes('unaccept'));
  // After an acceptance: withdrawing it is offered, accepting again is not.
  const declined = answerChoices('merchantDeclinedPreArbitration', 'core', notAnswered).map((c) => c.type);
  assert.ok(declined.includes('unaccept') && !declined.includes('acceptLiability'));
  for (const c of cycles) {
    const t = offeredAnswers(c);
    assert.ok(!(t.includes('unaccept') && t.includes('acceptLiability')), c);
  }
});

test('each answer says what happens next and what it costs, in a plain line', () => {
  for (const t of messageTypes) {
    const { next, cost } = messageTypeRules[t];
    assert.ok(next.length > 10 && next.length < 130 && next.endsWith('.'), `${t}: ${next}`);
    assert.ok(cost.length > 4 && cost.length < 110 && cost.endsWith('.'), `${t}: ${cost}`);
  }
  const choice = answerChoices('first', 'core', notAnswered).find((c) => c.type === 'requestArbitration')!;
  assert.match(choice.cost, /arbitration fee if you lose/);
  assert.equal(choice.next, messageTypeRules.requestArbitration.next);
});

test('walk finding 10: one way to fight is suggested per stage; its near synonyms wait and read apart', () => {
  const fights: MessageType[] = [
    'respond',
    'represent',
    'respondToDispute',
    'repsondToPreArbitration',
    'createPreArbitration',
  ];
  for (const c of cycles)
    for (const category of [undefined, 'authorization', 'not-received'] as const) {
      const s = suggestedAnswers(c, category);
      assert.ok(s.filter((t) => fights.includes(t)).length <= 1, `${c} ${category ?? ''}: ${s.join(', ')}`);
    }
  // Side by side behind "More answers", each says how it differs: no two begin alike or share a label.
  const opening = (t: MessageType): string => messageTypeRules[t].meaning.split(/[:,.]/)[0]!;
  for (const a of fights)
    for (const b of fights.filter((x) => x !== a)) {
      assert.notEqual(opening(a), opening(b), `${a} and ${b} begin alike`);
      assert.notEqual(messageTypeRules[a].label, messageTypeRules[b].label);
    }
  assert.match(messageTypeRules.represent.meaning, /case closes, so nothing can be added/);
  assert.match(messageTypeRules.respond.meaning, /stays open/);
  assert.match(messageTypeRules.respondToDispute.meaning, /already sent/);
});
