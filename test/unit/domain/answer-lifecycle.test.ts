// The answer's life, worked out from the outbox's jobs and the service's messages alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  answerLifecycle,
  describeEarlierAnswer,
  secondAnswerWarning,
  type JobFacts,
} from '../../../shared/domain/answer-lifecycle.ts';
import { formatMoment } from '../../../shared/domain/merchant-format.ts';

const open = { status: 'open', cycle: 'first', currency: 'GBP' };
const job = (state: string, steps: JobFacts['steps'], more: Partial<JobFacts> = {}): JobFacts => ({
  id: `job_${state}`,
  state,
  messageType: 'respond',
  createdAt: Date.UTC(2026, 10, 23, 10, 40),
  steps,
  ...more,
});
const pending = [
  { kind: 'message' as const, state: 'pending' },
  { kind: 'document' as const, state: 'pending' },
];

test('not answered → queued → sending → sent, awaiting the issuer → decided', () => {
  const stage = (jobs: JobFacts[], cb = open) => answerLifecycle({ chargeback: cb, jobs, messages: [] }).label;
  assert.equal(stage([]), 'Not answered');
  assert.equal(stage([job('queued', pending)]), 'Queued in the outbox');
  assert.equal(stage([job('paused', pending)]), 'Queued in the outbox');
  assert.equal(stage([job('sending', pending)]), 'Sending');
  assert.equal(
    stage([
      job('queued', [
        { kind: 'message', state: 'done', remoteId: 'm1' },
        { kind: 'document', state: 'pending' },
      ]),
    ]),
    'Sending',
    'half sent, waiting to retry the rest',
  );
  assert.equal(stage([job('done', [{ kind: 'message', state: 'done', remoteId: 'm1' }])]), 'Sent, awaiting the issuer');
  assert.equal(
    stage([job('done', [{ kind: 'message', state: 'done', remoteId: 'm1' }])], { ...open, status: 'won' }),
    'Decided: won',
  );
});

test('notes, cancelled jobs, refused messages and failures before sending are no answer', () => {
  const s = answerLifecycle({
    chargeback: open,
    jobs: [
      job('done', [{ kind: 'message', state: 'done', remoteId: 'n1' }], { messageType: 'notate' }),
      job('cancelled', pending),
      job('failed', pending, { error: 'The service refused the key.' }),
    ],
    messages: [
      { id: 'x', type: 'respond', status: 'denied' },
      { id: 'n1', type: 'notate', status: 'processed' },
    ],
  });
  assert.equal(s.stage, 'not-answered');
  assert.equal(s.label, 'Not answered: the last attempt failed');
  assert.equal(s.lastFailure, 'The service refused the key.');
  assert.equal(secondAnswerWarning(s), undefined);
});

test("a message the service holds counts once: not again when this app's job sent it", () => {
  const s = answerLifecycle({
    chargeback: open,
    jobs: [
      job(
        'done',
        [
          { kind: 'message', state: 'done', remoteId: 't1_chm_1' },
          { kind: 'document', state: 'done' },
        ],
        { note: 'Signed for.' },
      ),
    ],
    messages: [
      { id: 't1_chm_1', type: 'respond', status: 'processed', created: '2026-11-23 05:40:00.0000' },
      {
        id: 't1_chm_2',
        type: 'respond',
        status: 'processed',
        created: '2026-11-23 06:00:00.0000',
        note: 'From the portal',
      },
    ],
  });
  assert.deepEqual(
    s.earlier.map((e) => [e.source, e.documents]),
    [
      ['outbox', 1],
      ['service', 0],
    ],
  );
  assert.equal(
    secondAnswerWarning(s),
    'This chargeback already has 2 answers at this stage: Respond with evidence with 1 document, sent ' +
      '2026-11-23 10:40 UTC – “Signed for.”; Respond with evidence, sent 2026-11-23 11:00 UTC – “From ' +
      'the portal”. Another answer gives the issuer two responses to weigh and cannot be taken back.',
  );
});

test('an answer to an earlier stage does not count at the next one; one still in the outbox always does', () => {
  const pre = { ...open, cycle: 'preArbitration' };
  const firstStage = answerLifecycle({
    chargeback: pre,
    jobs: [],
    messages: [{ id: 'a', type: 'respond', status: 'processed' }],
  });
  assert.equal(firstStage.stage, 'not-answered');
  const misspelt = answerLifecycle({
    chargeback: pre,
    jobs: [],
    messages: [{ id: 'b', type: 'respondToPreArbitration', status: 'processed' }],
  });
  assert.equal(misspelt.stage, 'sent', "the service's correct spelling of repsondToPreArbitration is the same type");
  assert.equal(answerLifecycle({ chargeback: pre, jobs: [job('queued', pending)], messages: [] }).stage, 'queued');
});

test('an answer queued at this stage counts for it whatever its type; one queued at an earlier stage does not', () => {
  const pre = { ...open, cycle: 'preArbitration' };
  const sent = [{ kind: 'message' as const, state: 'done', remoteId: 'm9' }];
  // The walk: "Respond with evidence" (under More answers) on a pre-arbitration, accepted by the
  // processor: the chargeback is answered, and a second answer is warned of.
  const respondHere = job('done', sent, { cycle: 'preArbitration' });
  const s = answerLifecycle({ chargeback: pre, jobs: [respondHere], messages: [{ id: 'm9', type: 'respond' }] });
  assert.equal(s.stage, 'sent');
  assert.equal(s.earlier.length, 1, "the service's copy of the job's message is not counted again");
  assert.match(secondAnswerWarning(s)!, /already has an answer at this stage: Respond with evidence/);
  // The same answer queued at the first stage does not answer the pre-arbitration that followed,
  // though its type fits both a first chargeback and a representment.
  const earlier = job('done', sent, { cycle: 'first' });
  assert.equal(answerLifecycle({ chargeback: pre, jobs: [earlier], messages: [] }).stage, 'not-answered');
  assert.equal(
    answerLifecycle({ chargeback: { ...open, cycle: 'representment' }, jobs: [earlier], messages: [] }).stage,
    'not-answered',
  );
  // A job queued before the stage was kept is judged by its type, as before.
  assert.equal(answerLifecycle({ chargeback: pre, jobs: [job('done', sent)], messages: [] }).stage, 'not-answered');
});

test('without the chargeback in the store, every answer counts (the guard asks rather than guesses)', () => {
  const s = answerLifecycle({
    chargeback: undefined,
    jobs: [],
    messages: [{ id: 'a', type: 'represent', status: 'processed' }],
  });
  assert.equal(s.stage, 'sent');
  assert.match(secondAnswerWarning(s)!, /^This chargeback already has an answer at this stage: Represent, sent\./);
});

test('an accepted liability names the amount conceded', () => {
  const s = answerLifecycle({
    chargeback: open,
    jobs: [
      job('queued', [{ kind: 'message', state: 'pending' }], {
        messageType: 'acceptLiability',
        amount: 55_362,
        currency: 'GBP',
      }),
    ],
    messages: [],
  });
  assert.match(secondAnswerWarning(s)!, /Accept liability of £553\.62, queued 2026-11-23 10:40 UTC/);
});

test("the window words an earlier answer on the merchant's clock, the main process in UTC", () => {
  const s = answerLifecycle({
    chargeback: open,
    jobs: [job('queued', [{ kind: 'message', state: 'pending' }])],
    messages: [],
  });
  const berlin = (ms: number): string => formatMoment(ms, { locale: 'en-GB', timeZone: 'Europe/Berlin' });
  assert.match(describeEarlierAnswer(s.earlier[0]!, berlin), /queued Mon, 23 Nov 2026, 11:40 CET$/);
  assert.match(secondAnswerWarning(s, berlin)!, /queued Mon, 23 Nov 2026, 11:40 CET\. Another answer/);
  assert.match(describeEarlierAnswer(s.earlier[0]!), /queued 2026-11-23 10:40 UTC$/);
});
