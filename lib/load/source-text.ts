// Load: reading the text files authors write (markdown, YAML, JSON). They must be UTF-8: a file in
// another encoding fails the build naming the file and the first line that does not decode,
// instead of turning its accented letters into replacement characters on the page.
import { readFileSync, statSync } from 'node:fs';
import { BuildError } from '../diagnostics.ts';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Largest source file read: the real site's largest is some 40 KB; a 5 MB page builds in seconds. */
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

/** The file's text (a leading byte-order mark removed); a BuildError if it is not UTF-8. */
export function readSourceText(absPath: string, file: string): string {
  // Checked before reading, so an oversized file costs one stat, not its whole size in memory.
  const { size } = statSync(absPath);
  if (size > MAX_SOURCE_BYTES) {
    throw new BuildError({ file }, `The file is ${(size / 1024 / 1024).toFixed(1)} MB; at most ${MAX_SOURCE_BYTES / 1024 / 1024} MB is read.`,
      'Split it into several pages (or files) of under 10 MB each.');
  }
  const bytes = readFileSync(absPath);
  try {
    return decoder.decode(bytes);
  } catch {
    throw new BuildError({ file, line: firstUndecodableLine(bytes) }, 'The file is not UTF-8 text.',
      'Save it as UTF-8 (in most editors: "Save with encoding" → UTF-8), then check its accented letters and symbols.');
  }
}

/** 1-based line of the first bytes that are not UTF-8. A newline byte never occurs inside a multi-byte character, so each line decodes on its own. */
function firstUndecodableLine(bytes: Uint8Array): number {
  let line = 1;
  for (let start = 0; start < bytes.length; line++) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline < 0 ? bytes.length : newline;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    start = end + 1;
  }
  return 1;
}
