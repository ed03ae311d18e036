// A job's state in words, and the Outbox view around it: the money, the moments, the controls and
// the outcome, worked out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jobStatus, jobStatusWords, stepStateWords, stepTitle } from '../../../shared/domain/outbox-job-state.ts';
import { outboxJobView, outboxJobViewSchema, type JobChargebackFacts } from '../../../shared/views/outbox-job-view.ts';
import type { OutboxJob, OutboxStep } from '../../../shared/outbox.ts';
import type { AnswerState } from '../../../shared/domain/answer-state.ts';

const at = Date.UTC(2026, 10, 23, 14, 5);
const time = (ms: number): string => new Date(ms).toISOString().slice(11, 16);
const step = (over: Partial<OutboxStep> = {}): OutboxStep => ({
  position: 0,
  kind: 'message',
  state: 'pending',
  name: 'Accept liability',
  sentBytes: 0,
  attempts: 0,
  ...over,
});
const job = (over: Partial<OutboxJob> = {}): OutboxJob => ({
  id: 'job_1',
  profileId: 'p',
  chargebackId: 'chb_1',
  state: 'queued',
  messageType: 'respond',
  createdAt: at - 3_600_000,
  updatedAt: at - 60_000,
  warnings: [],
  steps: [step()],
  ...over,
});
const words = (j: OutboxJob, decided = false): string => jobStatusWords(jobStatus(j), time, decided);

test('each state in words: waiting, sending, sent, held, cancelled, dismissed', () => {
  assert.equal(words(job()), 'Waiting to send');
  assert.equal(words(job({ state: 'sending' })), 'Waiting to send', 'claimed, nothing on its way yet');
  assert.equal(words(job({ state: 'sending', steps: [step({ state: 'sending', attempts: 1 })] })), 'Sending…');
  assert.equal(
    words(job({ state: 'done', steps: [step({ state: 'done', attempts: 1 })] })),
    'Sent — awaiting the issuer',
  );
  assert.equal(
    words(job({ state: 'done', steps: [step({ state: 'done', attempts: 1 })] }), true),
    'Sent — the issuer has decided',
  );
  // A note answers nothing: once sent, nothing awaits the issuer.
  const note = job({ state: 'done', messageType: 'notate', steps: [step({ state: 'done', attempts: 1 })] });
  assert.equal(jobStatusWords(jobStatus(note), time, false, false), 'Sent to the processor — it answers nothing');
  assert.equal(words(job({ state: 'paused' })), 'Held: paused — nothing sent until you resume');
  assert.equal(
    words(job({ state: 'paused', steps: [step({ state: 'done' }), step({ position: 1, kind: 'document' })] })),
    'Held: paused part-way — resume to send the rest',
  );
  assert.equal(words(job({ state: 'cancelled' })), 'Cancelled — nothing was sent');
  assert.equal(words(job({ state: 'dismissed', error: 'Refused.' })), 'Dismissed — never sent again');
  assert.deepEqual(Object.values(stepStateWords), ['Waiting', 'Sending…', 'Checking', 'Sent']);
});

test('a failed attempt says when it tries again and why; a failed job says why it stopped', () => {
  const retrying = job({ steps: [step({ lastError: 'The service answered 500.', nextAttemptAt: at, attempts: 2 })] });
  assert.equal(words(retrying), 'Failed — will retry at 14:05: The service answered 500.');
  assert.equal(words({ ...retrying, state: 'sending' }), 'Failed — will retry at 14:05: The service answered 500.');
  assert.equal(
    words(job({ steps: [step({ lastError: 'Stopped.', attempts: 1 })] })),
    'Failed — trying again now: Stopped.',
  );
  assert.equal(
    words(job({ state: 'failed', error: 'Chargeback chb_1 is closed now.' })),
    'Failed — not sent: Chargeback chb_1 is closed now.',
  );
  assert.equal(
    words(
      job({
        state: 'failed',
        error: 'receipt.pdf was refused.',
        steps: [
          step({ state: 'done' }),
          step({ position: 1, kind: 'document', lastError: 'receipt.pdf was refused.' }),
        ],
      }),
    ),
    'Failed — partly sent: receipt.pdf was refused.',
  );
});

const answer: AnswerState = { stage: 'queued', label: 'Queued in the outbox', earlier: [] };
const cb = (over: Partial<JobChargebackFacts> = {}): JobChargebackFacts => ({
  id: 'chb_1',
  status: 'open',
  total: 4_999,
  currency: 'USD',
  customerName: 'Ada Lovelace',
  order: 'ORD-1',
  entries: [],
  ...over,
});

test('the money: a concession of its amount, else the amount disputed; in the currency, yen without decimals', () => {
  const accept = job({ messageType: 'acceptLiability', amount: 1_200, currency: 'USD' });
  assert.equal(outboxJobView(accept, cb(), answer).money.text, 'Concedes $12.00 of $49.99');
  assert.equal(outboxJobView({ ...accept, amount: 4_999 }, cb(), answer).money.text, 'Concedes $49.99');
  assert.equal(outboxJobView(job(), cb(), answer).money.text, 'Disputed $49.99');
  const yen = cb({ total: 12_000, currency: 'JPY' });
  assert.equal(outboxJobView(job(), yen, answer).money.text, 'Disputed ¥12,000');
  assert.equal(
    outboxJobView(job({ messageType: 'acceptLiability', amount: 5_000, currency: 'JPY' }), yen, answer).money.text,
    'Concedes ¥5,000 of ¥12,000',
  );
});

test('no amount: accepting liability without one says so; a chargeback not synced has none to show', () => {
  const accept = job({ messageType: 'acceptLiability' });
  const v = outboxJobView(accept, cb(), answer);
  assert.deepEqual([v.money.kind, v.money.text], ['unknown', 'Concedes an amount not recorded ($49.99 disputed)']);
  assert.equal(outboxJobView(accept, undefined, answer).money.text, 'Concedes an amount not recorded');
  const unsynced = outboxJobView(job(), undefined, answer);
  assert.deepEqual([unsynced.money.text, unsynced.chargeback], ['Amount not known until the chargeback syncs', null]);
});

test('moments: queued, last tried (the latest attempt), sent when done', () => {
  const tried = job({
    steps: [
      step({ attempts: 2, attemptedAt: at - 600_000 }),
      step({ position: 1, attempts: 1, attemptedAt: at - 300_000 }),
    ],
  });
  assert.deepEqual(outboxJobView(tried, cb(), answer).times, {
    queuedAt: at - 3_600_000,
    lastTriedAt: at - 300_000,
    sentAt: null,
  });
  assert.deepEqual(outboxJobView(job(), cb(), answer).times.lastTriedAt, null, 'never tried');
  // A job tried before attempts were timed: its last change stands in.
  assert.equal(outboxJobView(job({ steps: [step({ attempts: 1 })] }), cb(), answer).times.lastTriedAt, at - 60_000);
  // Failed before any request left (the chargeback could not be read): tried, at its last change.
  assert.equal(
    outboxJobView(job({ steps: [step({ lastError: 'Down.', nextAttemptAt: at })] }), cb(), answer).times.lastTriedAt,
    at - 60_000,
  );
  const done = job({ state: 'done', steps: [step({ state: 'done', attempts: 1, attemptedAt: at - 120_000 })] });
  assert.equal(outboxJobView(done, cb(), answer).times.sentAt, at - 60_000);
});

test('controls follow the outbox rules; the outcome once decided, with the money recovered', () => {
  const failed = job({ state: 'failed', error: 'Down.' });
  assert.deepEqual(outboxJobView(failed, cb(), answer).controls, {
    retry: true,
    pause: false,
    resume: false,
    cancel: true,
    dismiss: false,
  });
  const partly = job({ state: 'failed', error: 'Refused.', steps: [step({ state: 'done' }), step({ position: 1 })] });
  assert.deepEqual(outboxJobView(partly, cb(), answer).controls, {
    retry: true,
    pause: false,
    resume: false,
    cancel: false,
    dismiss: true,
  });
  const done = job({ state: 'done', steps: [step({ state: 'done' })] });
  assert.equal(outboxJobView(done, cb(), answer).outcome, null, 'open: no outcome yet');
  const won = outboxJobView(
    done,
    cb({
      status: 'won',
      entries: [
        { event: 11, amount: -4_999 },
        { event: 94, amount: 4_999, description: 'Reversal' },
      ],
    }),
    answer,
  );
  assert.deepEqual(won.outcome, { result: 'won', recovered: 4_999, currency: 'USD', text: 'Won — $49.99 recovered' });
  assert.equal(outboxJobView(done, cb({ status: 'lost' }), answer).outcome?.text, 'Lost — nothing recovered');
  // Closed by the processor with the money reversed counts as won, as Insights count it.
  assert.equal(
    outboxJobView(done, cb({ status: 'closed', entries: [{ event: 94, amount: 2_000 }] }), answer).outcome?.text,
    'Won — $20.00 recovered',
  );
  assert.equal(outboxJobView(done, cb({ status: 'closed' }), answer).outcome?.text, 'Closed — nothing recovered');
  outboxJobViewSchema.parse(won);
});

test('a chargeback decided since the answer was queued: it can no longer go, and Retry is not offered', () => {
  const v = outboxJobView(
    job({ state: 'failed', error: 'Chargeback chb_1 is closed now.' }),
    cb({ status: 'closed' }),
    answer,
  );
  assert.equal(v.controls.retry, false);
  assert.equal(v.controls.cancel, true);
  assert.match(
    v.tooLate ?? '',
    /^Chargeback chb_1 is closed now: the processor no longer accepts answers to it, so this one will not be sent/,
  );
  const sent = outboxJobView(
    job({ state: 'done', steps: [step({ state: 'done' })] }),
    cb({ status: 'closed' }),
    answer,
  );
  assert.equal(sent.tooLate, null, 'a sent answer is not too late');
});

test('a step as the merchant knows it: the packet by what it is and its pages, never its file name', () => {
  const packet = step({ kind: 'document', name: 'evidence t1_chb_6a6b6cc9f4fb4483a5a5662.pdf', pages: 3 });
  assert.equal(stepTitle(packet), 'Evidence packet (3 pages)');
  assert.equal(stepTitle({ ...packet, pages: 1 }), 'Evidence packet (1 page)');
  assert.equal(stepTitle({ ...packet, pages: undefined }), 'Evidence packet', 'a job queued before pages were kept');
  assert.equal(
    stepTitle({ ...packet, name: 'evidence t1_chb_6a6b6cc9f4fb4483a5a5662-part-2-of-3.pdf', pages: 12 }),
    'Evidence packet, part 2 of 3 (12 pages)',
  );
  assert.equal(stepTitle({ ...packet, name: 'evidence.pdf', pages: 2 }), 'Evidence packet (2 pages)');
  // A file of the merchant's own keeps its name; a message is the answer it gives.
  assert.equal(stepTitle(step({ kind: 'document', name: 'UPS receipt.pdf' })), 'UPS receipt.pdf');
  assert.equal(stepTitle(step({ kind: 'document', name: 'evidence of delivery.pdf' })), 'evidence of delivery.pdf');
  assert.equal(stepTitle(step({ kind: 'document', name: 'evidence receipt.pdf' })), 'evidence receipt.pdf');
  assert.equal(stepTitle(step()), 'Accept liability');

  // The Outbox's view names the step so; the file name sent to the service is kept beside it.
  const view = outboxJobView(job({ steps: [packet, step({ position: 1 })] }), cb(), answer);
  assert.equal(view.steps[0]!.name, 'Evidence packet (3 pages)');
  assert.equal(view.steps[0]!.fileName, 'evidence t1_chb_6a6b6cc9f4fb4483a5a5662.pdf');
  assert.equal(view.steps[1]!.name, 'Accept liability');
  assert.ok(outboxJobViewSchema.safeParse(view).success);
});
