// One packet of the batch review as it would go: its answer, what holds it back, and its letter.
import { holdIsFinal, packetGoes, type PacketReview } from '../../../shared/batch.ts';
import { messageTypeRules } from '../../../shared/domain/message-type-rules.ts';
import { cycleLabel } from '../../../shared/domain/cycles.ts';
import { formatReplyDay } from '../../../shared/domain/merchant-format.ts';
import type { MessageType } from '../../../shared/domain/enums.ts';

/** One packet as it would go: what holds it back, and its letter exactly as it would be written. */
export function PacketCard({
  p,
  insisted,
  onInsist,
  onAnswer,
}: {
  p: PacketReview;
  insisted: boolean;
  onInsist(v: boolean): void;
  onAnswer(type: MessageType): void;
}) {
  const final = p.holds.some(holdIsFinal);
  const goes = packetGoes(p, insisted ? [p.chargebackId] : []);
  return (
    <li className={`card packet ${goes ? 'goes' : 'held'}`} aria-label={`Packet for ${p.chargebackId}`}>
      <div className="job-head">
        <strong>{p.chargebackId}</strong>{' '}
        <span className="muted">
          {p.amountText} · {p.files.join(', ')}
        </span>
        <span className={`state ${goes ? 'done' : 'failed'}`} data-testid="packet-state">
          {goes ? (p.holds.length ? 'Included by you' : 'Will be queued') : final ? 'Cannot be answered' : 'Held back'}
        </span>
      </div>
      <label className="answer">
        Answered with{' '}
        <select
          aria-label={`Answer for ${p.chargebackId}`}
          value={p.messageType}
          onChange={(e) => onAnswer(e.target.value as MessageType)}
        >
          {[...new Set([p.messageType, ...p.choices])].map((t) => (
            <option key={t} value={t}>
              {messageTypeRules[t].label}
            </option>
          ))}
        </select>{' '}
        <span className="muted">
          {p.cycle ? `at its stage (${cycleLabel(p.cycle)})` : ''}
          {p.reply ? `, reply by ${formatReplyDay(p.reply)}` : ''}
        </span>
      </label>
      {p.holds.map((h) => (
        <p key={h.kind} className="hint hold">
          {h.text}
        </p>
      ))}
      {p.holds.length > 0 && !final && (
        <label className="insist">
          <input type="checkbox" checked={insisted} onChange={(e) => onInsist(e.target.checked)} /> Include{' '}
          {p.chargebackId} anyway
        </label>
      )}
      {p.blanks.length > 0 && <p className="error">The letter has blanks: {p.blanks.join(', ')}.</p>}
      {p.letter && (
        <details open={p.holds.length === 0}>
          <summary>Cover letter</summary>
          <pre className="letter" aria-label={`Cover letter for ${p.chargebackId}`}>
            {p.letter}
          </pre>
          {p.leftOut.length > 0 && (
            <p className="hint">Left out of the letter: {p.leftOut.map((c) => `“${c.text}” (${c.why})`).join(' ')}</p>
          )}
        </details>
      )}
    </li>
  );
}
