// Where main puts a start-up notice: the window address's fragment, after this mark. Apart from
// the notice's schema (startup-notice.ts), so the window's first script can tell a notice is there
// without building the schema to read it.
export const startupNoticeMark = '#startup=';

/** The address carries a start-up notice (whether it reads is startup-notice.ts's to say). */
export const carriesStartupNotice = (hash: string): boolean => hash.startsWith(startupNoticeMark);
