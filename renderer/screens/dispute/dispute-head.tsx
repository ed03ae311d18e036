// The dispute's heading: the amount and status, what kind of dispute it is, and the reply-by box.
import type { Ref } from 'react';
import { formatAmount } from '../../../shared/domain/money.ts';
import { cycleMeaning } from '../../../shared/domain/cycles.ts';
import { sendByLine } from '../../../shared/domain/deadline-words.ts';
import { chargebackStatusText, describeReplyBy } from '../../../shared/domain/merchant-format.ts';
import type { DisputeView } from '../../../shared/views/dispute-view.ts';

export function DisputeHead({
  view,
  chargebackId,
  heading,
}: {
  view: DisputeView;
  chargebackId: string;
  heading: Ref<HTMLHeadingElement>;
}) {
  const cb = view.chargeback;
  const deadline = describeReplyBy(view.deadline.reply, new Date());
  // The send-by date stands beside the reply date while it is the one to meet (deadline-words.ts);
  // past the reply date, or once decided, the words say so instead.
  const sendBy = sendByLine(view.deadline);
  return (
    <header className="dispute-head">
      <div>
        <h1 ref={heading} tabIndex={-1}>
          {formatAmount(cb.total, cb.currency)}{' '}
          <span className={`status ${cb.status}`}>{chargebackStatusText(cb.status)}</span>
        </h1>
        <p className="muted">
          {view.explanation.categoryLabel ?? view.explanation.title} ·{' '}
          <span data-testid="card-network">{cb.networkName}</span> · {cycleMeaning(cb.cycle)} · {chargebackId}
        </p>
      </div>
      <div className={`deadline-box ${view.deadline.state}`} data-testid="reply-by">
        {deadline ? (
          <>
            <time dateTime={deadline.iso}>{deadline.text}</time>
            {deadline.yourClock ? (
              <span className="muted" data-testid="reply-your-clock">
                {deadline.yourClock} on your clock
              </span>
            ) : null}
            {view.deadline.outcome || view.deadline.state === 'overdue' ? (
              <strong>{view.deadline.text}</strong>
            ) : (view.deadline.sendByDaysLeft ?? 0) < 0 ? null : (
              <strong>{deadline.relative}</strong>
            )}
            {sendBy ? (
              <strong data-testid="send-by" title={sendBy.title}>
                {sendBy.text}
              </strong>
            ) : null}
          </>
        ) : (
          <>
            <span>No reply date</span>
            <strong>{view.deadline.text}</strong>
          </>
        )}
      </div>
    </header>
  );
}
