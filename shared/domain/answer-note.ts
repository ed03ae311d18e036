// An answer's note: the service takes at most 5,000 characters. The one rule every door reads it
// by (the window's request, the CLI's --note, the outbox's job, the wire form).
import { z } from 'zod';

export const answerNoteMax = 5000;
export const answerNoteSchema = z
  .string()
  .max(answerNoteMax, `the note is longer than ${answerNoteMax.toLocaleString('en-US')} characters`);
