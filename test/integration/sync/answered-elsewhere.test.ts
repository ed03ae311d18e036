// Two profiles on one account (two computers, or two profiles of one merchant): an answer sent
// from one is seen by the other at its next sync, in both dialects, so its inbox says "Sent,
// awaiting the issuer" before the merchant tries to answer a second time. Sync used to read only
// chargebacks, statuses and entries: the messages of an answer made elsewhere reached the store
// only when the service refused the second answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syncFixture } from './support.ts';
import { clientForProfile } from '../../../electron/headless.ts';
import { readDisputeView } from '../../../electron/views/read-dispute.ts';
import { worklistQueryOf } from '../../../electron/views/worklist-query.ts';
import { messageTypesForCycle } from '../../../shared/domain/message-type-rules.ts';
import type { DialectName } from '../../../shared/domain/dialects.ts';
import type { Profile } from '../../../shared/profiles.ts';

for (const dialect of ['core', 'microservice'] as const satisfies readonly DialectName[]) {
  test(`${dialect}: an answer sent from another profile on the account is seen at the next sync`, async () => {
    const f = await syncFixture({ seed: 12, chargebacks: 40, dialect });
    try {
      const deployment = dialect === 'core' ? 'test' : 'microservice';
      const here: Profile = { ...f.profile, deployment };
      const elsewhere: Profile = { ...here, id: 'prof_elsewhere', name: 'Shop, second computer' };
      f.h.store.profiles.save(here);
      f.h.store.profiles.save(elsewhere);
      await f.h.sync.syncProfile(here.id);

      const open = f.h.store.portfolio
        .listWorklist({ profileId: here.id, offset: 0, limit: 1000 })
        .rows.find((r) => r.section === 'answer-now' && r.cycle === 'first');
      assert.ok(open, 'a first-cycle chargeback to answer');
      assert.equal(f.h.answers.stateOf(here.id, open.id).stage, 'not-answered');

      // Answered from the other profile, straight to the service (as another computer would).
      const type = messageTypesForCycle('first').find((t) => t === 'respond') ?? 'respond';
      await clientForProfile(elsewhere, f.sb.apiKey).sendMessage(
        { chargeback: open.id, type, note: 'Answered from the other computer.' },
        { requestToken: `elsewhere-${dialect}` },
      );
      assert.equal(f.h.answers.stateOf(here.id, open.id).stage, 'not-answered', 'not known before a sync');

      const report = await f.h.sync.syncProfile(here.id);
      assert.equal(report.mode, 'incremental');
      assert.ok(report.messages >= 1, 'the pass read the new message');

      const state = f.h.answers.stateOf(here.id, open.id);
      assert.equal(state.stage, 'sent');
      assert.equal(state.label, 'Sent, awaiting the issuer');
      assert.equal(state.earlier[0]?.source, 'service');
      const row = f.h.store.portfolio
        .listWorklist(worklistQueryOf(f.h, { profileId: here.id, offset: 0, limit: 1000 }))
        .rows.find((r) => r.id === open.id);
      assert.equal(row?.section, 'awaiting-issuer', 'the inbox moves it out of "Answer now"');
      const view = readDisputeView(f.h, here.id, open.id);
      assert.equal(view?.answer.stage, 'sent', 'the dispute page says it too');
    } finally {
      await f.close();
    }
  });
}
