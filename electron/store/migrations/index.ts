// Migrations in order; the database records how many ran in PRAGMA user_version. Adding one:
// a new numbered file and one line here. A migration never drops the merchant's data.
import { sql as m001 } from './001-initial.ts';
import { sql as m002 } from './002-checklist-and-events-read.ts';
import { sql as m003 } from './003-durable-sync-events.ts';
import { sql as m004 } from './004-unreadable-reply-dates.ts';
import { sql as m005 } from './005-inbox-search-in-index.ts';
import { sql as m006 } from './006-answer-archive.ts';
import { sql as m007 } from './007-inbox-customer-and-sections.ts';
import { sql as m008 } from './008-saved-filters.ts';
import { sql as m009 } from './009-inbox-summary-in-index.ts';
import { sql as m010 } from './010-card-history.ts';

export const migrations: readonly string[] = [m001, m002, m003, m004, m005, m006, m007, m008, m009, m010];
