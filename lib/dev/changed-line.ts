// What `npm start` prints of a save: the paths its build is for, relative to the site or the
// generator folder, the first few and then how many more (a branch switch on a large site changes
// thousands of files, which made a line of megabytes).
import { relative, sep } from 'node:path';

/** The changed paths named before the rest are counted. */
export const CHANGED_SHOWN = 10;

/** "Changed: a, b (and 3 more)" for the absolute paths `changed`. */
export function changedLine(changed: readonly string[], siteDir: string, root: string): string {
  const shown = changed.slice(0, CHANGED_SHOWN).map((file) => relative(file.startsWith(siteDir + sep) ? siteDir : root, file)).join(', ');
  return `Changed: ${shown}${changed.length > CHANGED_SHOWN ? ` (and ${changed.length - CHANGED_SHOWN} more)` : ''}`;
}
