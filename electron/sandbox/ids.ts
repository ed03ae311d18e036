// IDs as the service writes them: `{env}_{code}_{23 hex}` whose first 8 hex digits are the
// creation time in Unix seconds.
import { randomBytes } from 'node:crypto';

export function newId(code: string, at: Date, randomHex?: string): string {
  const secs = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  const tail = randomHex ?? randomBytes(8).toString('hex').slice(0, 15);
  return `t1_${code}_${secs}${tail.padEnd(15, '0').slice(0, 15)}`;
}
