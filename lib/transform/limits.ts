// Transform: a linear pre-scan of a markdown body, run before marked, that stops input marked
// cannot handle in time proportional to its size: containers nested thousands deep (its lexer
// recurses once per level and re-reads each level's text: 2,000 nested list levels took 101 s,
// 1,000 nested admonitions ran past 60 s, 5,000 nested ">" overflow the stack), backtick or tilde
// runs long enough to break a regular expression, and paragraphs with so many "*" / "_" delimiters
// that emphasis matching turns quadratic (200 KB of "*a" ran past 60 s). Each fails at its line.
import { BuildError } from '../diagnostics.ts';

/** Deepest nesting of lists, block quotes and admonitions. Real pages stay under 10; 256 leaves room for generated ones. */
export const MAX_NESTING = 256;
/** Longest run of "`" or "~": fences and code spans need a run longer than any inside them, never this long. */
export const MAX_FENCE_RUN = 64;
/**
 * Most "*" / "_" delimiter runs in one paragraph, list item, heading or table row (code spans not
 * counted). marked's emphasis matching costs about (runs)² per paragraph, so the limit sets the
 * worst cost per byte: at 100, 1 MB of paragraphs full of "*a" renders in about 6 s (1 MB of
 * plain paragraphs: 0.5 s; at 500 it was 9 s, and one 200 KB paragraph ran past 60 s). The real
 * site's busiest paragraph has 18; 100 is some 50 bold or italic phrases in one paragraph.
 */
export const MAX_DELIMITER_RUNS = 100;

interface Where {
  file: string;
  bodyLineOffset: number;
}

const FENCE = /^(`{3,}|~{3,})/;
const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
const LIST_MARKER_AT = /(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/y;
const HEADING = /^#{1,6}(?=[ \t]|$)/;
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const ADMONITION_OPEN = /^:{3,}[A-Za-z]/;
const ADMONITION_CLOSE = /^:{3,}[ \t]*$/;

/** Throws a BuildError at the first construct over a limit; returns quietly otherwise. */
export function checkMarkdownLimits(source: string, where: Where): void {
  const fail = (index: number, problem: string, hint: string): never => {
    throw new BuildError({ file: where.file, line: where.bodyLineOffset + index + 1 }, problem, hint);
  };
  const lines = source.split(/\r\n?|\n/);
  let fence: { char: string; length: number } | undefined;
  // Admonitions (":::note" … ":::") nest too, and marked re-reads each level's text as lists do.
  let admonitions = 0;
  // The paragraph (or list item, or heading) being read: its first line and its delimiter runs.
  let segment = { start: 0 };
  let segmentText: string[] = [];
  // Its "*" and "_" characters, counted up to the limit: a paragraph with no more of them than the
  // limit cannot have more runs, so only the rare one with more is joined and its runs counted.
  let delimiters = 0;
  // In a table (a header line, then a "| --- |" line), marked reads each row's cells on their own.
  let table = false;
  const closeSegment = (next: number) => {
    if (delimiters > MAX_DELIMITER_RUNS) {
      const runs = delimiterRuns(segmentText.join('\n'));
      if (runs > MAX_DELIMITER_RUNS) {
        fail(segment.start, `This paragraph has ${runs} "*" or "_" emphasis markers; at most ${MAX_DELIMITER_RUNS} are allowed in one paragraph.`,
          'Split the paragraph, put code and names in `backticks`, or escape literal stars and underscores as \\* and \\_.');
      }
    }
    segment = { start: next };
    segmentText = [];
    delimiters = 0;
  };
  // Most pages have no run of "`" or "~" over the limit anywhere: then no line needs looking at for one.
  const longRuns = LONG_RUN.test(source);

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const { depth, rest } = containerPrefix(line);
    // Only a line with a run over the limit needs its longest run measured.
    const run = longRuns && LONG_RUN.test(line) ? longestRun(line) : NO_RUN;
    if (run.length > MAX_FENCE_RUN && !(fence && !FENCE.test(rest))) {
      fail(index, `A run of ${run.length} "${run.char}" characters; at most ${MAX_FENCE_RUN} are allowed in a row.`,
        `Shorten it: a code fence or code span needs only one more "${run.char}" than the longest run inside it.`);
    }
    const opening = FENCE.exec(rest)?.[1];
    if (fence) {
      // Inside a fence only its closing line means anything: the rest is code, shown as written.
      if (opening && opening[0] === fence.char && opening.length >= fence.length && rest.slice(opening.length).trim() === '') fence = undefined;
      continue;
    }
    if (ADMONITION_OPEN.test(rest)) admonitions++;
    else if (ADMONITION_CLOSE.test(rest)) admonitions = Math.max(0, admonitions - 1);
    if (depth + admonitions > MAX_NESTING) {
      fail(index, `Lists, block quotes and admonitions are nested more than ${MAX_NESTING} levels deep here.`,
        'Flatten the nesting: split the list, quote or admonition into several, or use headings for the outer levels.');
    }
    if (opening) {
      closeSegment(index + 1);
      table = false;
      fence = { char: opening[0] ?? '`', length: opening.length };
      continue;
    }
    // A blank line ends a paragraph; a list item or heading starts a new inline block of its own.
    if (rest.trim() === '') {
      closeSegment(index + 1);
      table = false;
      continue;
    }
    if (!table && segmentText.length === 1 && TABLE_DELIMITER.test(rest)) table = true;
    if (table || startsBlock(line)) closeSegment(index);
    segmentText.push(rest);
    if (delimiters <= MAX_DELIMITER_RUNS) delimiters += delimiterCharacters(rest, MAX_DELIMITER_RUNS + 1 - delimiters);
  }
  closeSegment(lines.length);
}

/** How many "*" and "_" a line has, counted up to `most`. */
function delimiterCharacters(line: string, most: number): number {
  let count = 0;
  for (const char of ['*', '_']) {
    for (let at = line.indexOf(char); at !== -1 && count < most; at = line.indexOf(char, at + 1)) count++;
  }
  return count;
}

/**
 * How many list and quote levels a line opens or sits in: each ">" and list marker at its start,
 * plus its indentation (a nested list item needs at least two more columns per level; a tab counts
 * as four), and the text after them. Counting stops past the limit, so a line of 100,000 ">" costs
 * no more than one of 300.
 */
function containerPrefix(line: string): { depth: number; rest: string } {
  let column = 0;
  let index = skipBlanks(line, 0);
  for (let i = 0; i < index; i++) column += line[i] === '\t' ? 4 - (column % 4) : 1;
  let depth = Math.floor(column / 2);
  while (depth <= MAX_NESTING) {
    if (line[index] === '>') {
      index++;
    } else {
      LIST_MARKER_AT.lastIndex = index;
      const marker = LIST_MARKER_AT.exec(line);
      if (!marker) break;
      index += marker[0].length;
    }
    depth++;
    index = skipBlanks(line, index);
  }
  return { depth, rest: line.slice(index) };
}

function skipBlanks(line: string, from: number): number {
  let index = from;
  while (line[index] === ' ' || line[index] === '\t') index++;
  return index;
}

/** Whether a line begins an inline block of its own: a list item or a heading (inside any quotes). */
function startsBlock(line: string): boolean {
  const text = line.replace(/^[ \t>]*/, '');
  return LIST_MARKER.test(text) || HEADING.test(text);
}

/** A run of "`" or "~" over MAX_FENCE_RUN: found by the regular expression engine, not a character at a time in script. */
const LONG_RUN = new RegExp(`\`{${MAX_FENCE_RUN + 1}}|~{${MAX_FENCE_RUN + 1}}`);
const NO_RUN = { char: '`', length: 0 };

/** The longest run of "`" or "~" in a line. */
function longestRun(line: string): { char: string; length: number } {
  let best = { char: '`', length: 0 };
  let current = 0;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    current = (char === '`' || char === '~') && line[index - 1] === char ? current + 1 : char === '`' || char === '~' ? 1 : 0;
    if (current > best.length && char) best = { char, length: current };
  }
  return best;
}

/**
 * The "*" and "_" delimiter runs of a paragraph outside its code spans. A code span opens with a
 * backtick run and closes at the next run of the same length; runs are at most MAX_FENCE_RUN long
 * (checked before), so "the next run of each length" is found in one backward pass.
 */
const DELIMITER_RUN = /\*+|_+/g;

function delimiterRuns(text: string): number {
  const ticks: { start: number; length: number }[] = [];
  for (const match of text.matchAll(/`+/g)) ticks.push({ start: match.index, length: match[0].length });
  const nextSame = new Array<number>(ticks.length).fill(-1);
  const lastOfLength = new Map<number, number>();
  for (let i = ticks.length - 1; i >= 0; i--) {
    const length = ticks[i]?.length ?? 0;
    nextSame[i] = lastOfLength.get(length) ?? -1;
    lastOfLength.set(length, i);
  }
  let runs = 0;
  let position = 0;
  let tick = 0;
  // Each run of "*" or "_" counts once; `from` follows a backtick (or is 0), so none started before it.
  const countRuns = (from: number, to: number) => {
    runs += text.slice(from, to).match(DELIMITER_RUN)?.length ?? 0;
  };
  while (tick < ticks.length) {
    const open = ticks[tick];
    const close = nextSame[tick] ?? -1;
    if (!open || close < 0) {
      tick++;
      continue;
    }
    countRuns(position, open.start);
    const closing = ticks[close];
    position = closing ? closing.start + closing.length : text.length;
    tick = close + 1;
  }
  countRuns(position, text.length);
  return runs;
}
