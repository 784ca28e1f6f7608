// Load: a front matter of the simplest form, read without the YAML parser. js-yaml 5 spends ~50 µs
// on every call before reading a character (each call makes its parser's and its constructor's
// state by spreading option objects into object literals, which the V8 of Node 20 makes ~1 µs per
// property), ~80 µs for a three-line front matter: 0.8 s of a 10,000-page build's load, where
// reading the same lines takes a few µs.
//
// Only lines whose value YAML reads one way are taken here; anything else (a comment, an escape, a
// nested or multi-line value, a word YAML reads as a boolean or null, a repeated key) returns
// undefined, and the caller hands the whole block to js-yaml, which reads it or reports the error.
// test/unit/simple-yaml.test.ts checks every block this reads against js-yaml's reading of it.

/** Characters no value taken here holds: controls, and those YAML or JavaScript treat apart. */
const UNSAFE = String.raw`\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff`;
/** A double-quoted value without escapes: its text is what is between the quotes. */
const DOUBLE_QUOTED = String.raw`"[^${UNSAFE}"\\]*"`;
/** A line: a key of lower-case letters, digits and "_" starting with a letter, ": ", the value. */
const LINE = /^([a-z][a-z0-9_]*): (.*)$/;
/** A quoted value whose text is what is between the quotes ("''" is a single-quoted value's escape). */
const QUOTED = new RegExp(`^(?:${DOUBLE_QUOTED}|'[^${UNSAFE}']*')$`);
/** A list of double-quoted values without escapes, or an empty list. */
const QUOTED_LIST = new RegExp(`^\\[(?:${DOUBLE_QUOTED}(?:, ${DOUBLE_QUOTED})*)?\\]$`);
/** An item of a list of plain values: starts with a letter or "/", holds none of "#", ":", "," or the brackets. */
const PLAIN_ITEM = `[A-Za-z/][^${UNSAFE}#:,[\\]{}]*`;
/** A plain value: starts with a letter or "/", holds no "#" or ":", ends with no space (checked apart). */
const PLAIN = new RegExp(`^[A-Za-z/][^${UNSAFE}#:]*$`);
/** A list of plain values (each ends with no space: checked apart). */
const PLAIN_LIST = new RegExp(`^\\[(?:${PLAIN_ITEM}(?:, ${PLAIN_ITEM})*)?\\]$`);
/** Plain words YAML's core schema reads as a boolean or null in some spelling ("True", "NULL"…). */
const SPECIAL_WORD = /^(?:true|false|null)$/i;
/** A decimal integer that a double holds exactly, written without sign "+" or leading zeros (which YAML may read otherwise). */
const INTEGER = /^(?:0|-?[1-9][0-9]{0,14})$/;

/** The mapping a front matter of `key: value` lines of the simplest forms holds; undefined for any other text. */
export function readSimpleYaml(text: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (const rawLine of text.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line === '') continue;
    const match = LINE.exec(line);
    if (!match) return undefined;
    const [, key = '', value = ''] = match;
    if (Object.hasOwn(data, key)) return undefined;
    const parsed = simpleValue(value);
    if (parsed === undefined) return undefined;
    data[key] = parsed;
  }
  return data;
}

function simpleValue(value: string): unknown {
  if (QUOTED.test(value)) return value.slice(1, -1);
  if (value === 'true' || value === 'false') return value === 'true';
  if (INTEGER.test(value)) return Number(value);
  if (QUOTED_LIST.test(value)) return value === '[]' ? [] : value.slice(2, -2).split('", "');
  if (PLAIN_LIST.test(value)) {
    const items = value.slice(1, -1).split(', ');
    return items.every(isPlainWord) ? items : undefined;
  }
  return PLAIN.test(value) && isPlainWord(value) ? value : undefined;
}

/** A plain value YAML reads as the text it is: not ending with a space, which YAML drops, and not a boolean or null. */
function isPlainWord(value: string): boolean {
  return !value.endsWith(' ') && !SPECIAL_WORD.test(value);
}
