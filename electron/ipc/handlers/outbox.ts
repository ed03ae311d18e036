import type { Handlers } from '../../../shared/ipc/define.ts';
import type { outboxChannels } from '../../../shared/ipc/channels/outbox.ts';
import type { AppServices } from '../../app-services.ts';
import { windowWording } from '../../app/answer/answer.ts';
import { readOutbox } from '../../views/read-outbox.ts';
import { sendDraftAnswer } from '../../app/answer/send-draft.ts';
import { valueOf } from '../../app/outcome.ts';

export function outboxHandlers(
  s: Pick<AppServices, 'answers' | 'store' | 'keepOpen' | 'outbox' | 'useCases'>,
): Handlers<typeof outboxChannels> {
  return {
    // Kept open: closing the app waits for an answer being built to be queued, not lost.
    submitResponse: async (r) =>
      s.keepOpen(async () => valueOf(await sendDraftAnswer(s.useCases.draftAnswer, r, windowWording))),
    listOutbox: async () => readOutbox(s, s.outbox.list()),
    pauseJob: async ({ jobId }) => s.outbox.pause(jobId),
    resumeJob: async ({ jobId }) => s.outbox.resume(jobId),
    cancelJob: async ({ jobId }) => s.outbox.cancel(jobId),
    dismissJob: async ({ jobId }) => s.outbox.dismiss(jobId),
    retryJob: async ({ jobId }) => {
      const job = s.outbox.retry(jobId);
      s.outbox.runOnce().catch(() => undefined);
      return job;
    },
  };
}
