// Entries of a folder that are not evidence: passed over whether the folder was picked or
// dropped on the window, each listed with its reason, so nothing vanishes unexplained.

const systemNames = new Set([
  '.ds_store',
  'thumbs.db',
  'ehthumbs.db',
  'desktop.ini',
  '.localized',
  '.directory',
  'icon\r',
  '.spotlight-v100',
  '.trashes',
  '.fseventsd',
  '.temporaryitems',
  '$recycle.bin',
  'system volume information',
]);

/** Why a folder entry named `name` is passed over, or undefined when it is imported. `shown` is
 * the name as the merchant reads it. */
export function passedOverReason(name: string, shown = name): string | undefined {
  const lower = name.toLowerCase();
  if (systemNames.has(lower) || lower.startsWith('._'))
    return `${shown} is a file the system keeps for itself, not evidence, and was skipped.`;
  if (name.startsWith('.'))
    return (
      `${shown} is hidden (its name starts with a dot) and was skipped. ` +
      'If it is evidence, rename it without the dot and add it again.'
    );
  return undefined;
}
