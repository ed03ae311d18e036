// Deadline and state words that are true (issue 21): a decided chargeback shows its outcome, never
// "overdue"; an answer waiting in the outbox, or failing to send, keeps its chargeback in "Answer
// now" with where it stands; an open one counts to its send-by date while the reply date is ahead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deadlineWords, rowStateWords, sendByLine } from '../../../shared/domain/deadline-words.ts';
import { sendByMeaning } from '../../../shared/domain/send-by.ts';
import { answerIsOut, inboxSection } from '../../../shared/domain/inbox-sections.ts';
import { answerStages } from '../../../shared/domain/answer-state.ts';

const open = { status: 'open', actionable: true, replyInvalid: null };

test('won, lost and closed show their outcome, never "Overdue", however long ago the reply date was', () => {
  for (const status of ['won', 'lost', 'closed']) {
    const w = deadlineWords({ status, actionable: false, daysLeft: -40, sendByDaysLeft: -47, replyInvalid: null });
    assert.equal(w.text, status[0]!.toUpperCase() + status.slice(1));
    assert.equal(w.state, 'none');
    assert.equal(w.outcome, status);
    const row = rowStateWords(
      { ...open, status, daysLeft: -40, sendByDaysLeft: -47, answer: { stage: 'decided', label: '' }, delivery: null },
      () => 'never',
    );
    assert.doesNotMatch(row.text, /overdue/i);
    assert.equal(row.className, `outcome ${status}`);
  }
  // Open and past the reply date: that is overdue.
  assert.deepEqual(deadlineWords({ ...open, daysLeft: -2, sendByDaysLeft: -9 }), {
    text: 'Overdue by 2 days',
    state: 'overdue',
  });
});

test('an open chargeback counts to its send-by date while the reply date is ahead', () => {
  assert.deepEqual(deadlineWords({ ...open, daysLeft: 11, sendByDaysLeft: 4 }), {
    text: '4 days to send',
    state: 'upcoming',
  });
  assert.deepEqual(deadlineWords({ ...open, daysLeft: 7, sendByDaysLeft: 0 }), {
    text: 'Send today',
    state: 'due-today',
  });
  assert.deepEqual(deadlineWords({ ...open, daysLeft: 8, sendByDaysLeft: 1 }), {
    text: '1 day to send',
    state: 'due-soon',
  });
  // Send-by passed, reply date not: late, its own state (not "due today": nothing is due today).
  assert.deepEqual(deadlineWords({ ...open, daysLeft: 2, sendByDaysLeft: -3 }), {
    text: 'Send-by date passed 3 days ago · 2 days to reply',
    badge: 'Late · 2 days to reply',
    state: 'late',
  });
  // No buffer: the reply date's own words.
  assert.deepEqual(deadlineWords({ ...open, daysLeft: 0, sendByDaysLeft: 0 }), {
    text: 'Due today',
    state: 'due-today',
  });
  assert.deepEqual(deadlineWords({ ...open, daysLeft: 3, sendByDaysLeft: 3 }), {
    text: '3 days left',
    state: 'due-soon',
  });
  assert.equal(deadlineWords({ ...open, actionable: false, daysLeft: 3, sendByDaysLeft: 3 }).text, 'Not answerable');
  assert.deepEqual(deadlineWords({ ...open, replyInvalid: '20250231', daysLeft: null, sendByDaysLeft: null }), {
    text: 'Reply date unreadable ("20250231")',
    state: 'due-soon',
  });
});

test('only a delivered answer moves a chargeback out of "Answer now"', () => {
  const facts = { status: 'open', actionable: true, deadline: 'due-soon' as const };
  assert.deepEqual(
    answerStages.map((answer) => [answer, inboxSection({ ...facts, answer })]),
    [
      ['not-answered', 'answer-now'],
      ['queued', 'answer-now'],
      ['sending', 'answer-now'],
      ['sent', 'awaiting-issuer'],
      ['decided', 'decided'],
    ],
  );
  assert.equal(answerIsOut('queued'), false);
  assert.equal(answerIsOut('sent'), true);
});

test('a row waiting in the outbox says so; a failing one says why and when it is tried again', () => {
  const at = (ms: number): string => new Date(ms).toISOString().slice(11, 16);
  const base = { ...open, daysLeft: 6, sendByDaysLeft: 1, answer: { stage: 'queued' as const, label: 'Queued' } };
  assert.deepEqual(
    rowStateWords({ ...base, delivery: { state: 'queued', reason: null, nextAttemptAt: null, partlySent: false } }, at),
    { text: 'Waiting to send', full: 'Answer: Waiting to send', className: 'waiting' },
  );
  assert.deepEqual(
    rowStateWords(
      {
        ...base,
        delivery: {
          state: 'retrying',
          reason: 'The service did not answer (503)',
          nextAttemptAt: Date.parse('2026-11-26T14:05:00Z'),
          partlySent: false,
        },
      },
      at,
    ),
    {
      text: 'Failed · retry 14:05',
      full: 'Answer: Failed — will retry at 14:05: The service did not answer (503)',
      className: 'failing',
    },
  );
  // Delivered: with the issuer. Not answered: the deadline.
  assert.deepEqual(
    rowStateWords({ ...base, answer: { stage: 'sent', label: 'Sent, awaiting the issuer' }, delivery: null }, at),
    { text: 'Sent', full: 'Sent, awaiting the issuer', className: 'answered' },
  );
  assert.deepEqual(
    rowStateWords({ ...base, answer: { stage: 'not-answered', label: 'Not answered' }, delivery: null }, at),
    { text: '1 day to send', full: '1 day to send', className: 'due-soon' },
  );
});

test('past the send-by date the words say which date passed and which is ahead, in a state of its own', () => {
  // The walk's page: send-by Thu 19 Nov passed 7 days ago, reply date tomorrow. It read
  // "Late: due today", as if the send-by date were due today, in the same amber as "Send today".
  const late = deadlineWords({ ...open, daysLeft: 1, sendByDaysLeft: -7 });
  assert.equal(late.text, 'Send-by date passed 7 days ago · reply by tomorrow');
  assert.equal(late.badge, 'Late · reply tomorrow');
  assert.equal(late.state, 'late');
  assert.doesNotMatch(late.text, /due today/i);
  // The reply date's last day is due today, late or not: it stands with today's work.
  const lastDay = deadlineWords({ ...open, daysLeft: 0, sendByDaysLeft: -1 });
  assert.deepEqual(
    [lastDay.text, lastDay.badge, lastDay.state],
    ['Send-by date passed yesterday · reply today', 'Late · reply today', 'due-today'],
  );
  // Three urgencies, three states: on time today, late, too late.
  const states = [
    deadlineWords({ ...open, daysLeft: 7, sendByDaysLeft: 0 }).state,
    late.state,
    deadlineWords({ ...open, daysLeft: -1, sendByDaysLeft: -6 }).state,
  ];
  assert.deepEqual(states, ['due-today', 'late', 'overdue']);
  // The row's badge is the short form, its title every word.
  const row = rowStateWords(
    {
      ...open,
      daysLeft: 1,
      sendByDaysLeft: -7,
      answer: { stage: 'not-answered', label: 'Not answered' },
      delivery: null,
    },
    () => 'never',
  );
  assert.deepEqual(row, { text: 'Late · reply tomorrow', full: late.text, className: 'late' });
});

test("a sent answer's badge is short, its full words in the title", () => {
  const row = rowStateWords(
    {
      ...open,
      daysLeft: 9,
      sendByDaysLeft: 2,
      answer: { stage: 'sent', label: 'Sent, awaiting the issuer' },
      delivery: null,
    },
    () => 'never',
  );
  assert.deepEqual(row, { text: 'Sent', full: 'Sent, awaiting the issuer', className: 'answered' });
});

test('the send-by line names the date and where the merchant stands; past it, which date passed', () => {
  const base = { sendBy: '2026-11-19', reply: '2026-11-27', daysLeft: 1, sendByDaysLeft: -7 };
  const late = deadlineWords({ ...open, daysLeft: 1, sendByDaysLeft: -7 });
  const line = sendByLine({ ...base, state: late.state, text: late.text }, { locale: 'en-US' })!;
  assert.equal(line.text, 'Send-by date passed 7 days ago · reply by tomorrow');
  assert.equal(
    line.title,
    "Send by Thu, Nov 19, 2026: 6 business days before the reply date, as the processor's guidance asks (US Eastern days).",
  );
  // On the reply date's last day (due today), still the passed date's words, never "Send by … · Send-by…".
  const today = deadlineWords({ ...open, daysLeft: 0, sendByDaysLeft: -8 });
  assert.equal(
    sendByLine({ ...base, daysLeft: 0, sendByDaysLeft: -8, state: today.state, text: today.text })!.text,
    'Send-by date passed 8 days ago · reply today',
  );
  const ahead = deadlineWords({ ...open, daysLeft: 10, sendByDaysLeft: 3 });
  assert.equal(
    sendByLine({ ...base, daysLeft: 10, sendByDaysLeft: 3, state: ahead.state, text: ahead.text }, { locale: 'en-US' })!
      .text,
    'Send by Thu, Nov 19, 2026 (US Eastern) · 3 days to send',
  );
  // Decided, or past the reply date: no send-by line.
  assert.equal(sendByLine({ ...base, daysLeft: -1, state: 'overdue', text: 'Overdue by 1 day' }), undefined);
  assert.equal(sendByLine({ ...base, state: 'none', text: 'Won' }), undefined);
  assert.equal(
    sendByMeaning('2026-11-20', '2026-11-27'),
    "5 business days before the reply date, as the processor's guidance asks (US Eastern days)",
  );
});
