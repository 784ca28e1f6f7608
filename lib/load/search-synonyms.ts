// Load: the site's search synonym table (content/search-synonyms.yml), a word readers type → the
// words the docs use for it. The search applies it in the browser when a reader searches, so it
// travels in the index's manifest. It is content: a mistake fails the build naming the file and line.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { processTerm, tokenize, type SearchSynonyms } from '../../common/search.ts';
import { BuildError, lineOfKey } from '../diagnostics.ts';
import { parseYaml } from './config.ts';
import { isPlainObject } from './fields.ts';
import { readSourceText } from './source-text.ts';

export const SYNONYMS_FILE = 'content/search-synonyms.yml';

/** Bounds: every reader's first query downloads the table with the manifest. */
export const MAX_SYNONYM_WORDS = 2000;
export const MAX_WORDS_PER_SYNONYM = 10;

/** The table of the site in `siteDir`; none when the file does not exist. */
export function loadSearchSynonyms(siteDir: string): SearchSynonyms {
  const path = join(siteDir, SYNONYMS_FILE);
  return existsSync(path) ? parseSearchSynonyms(readSourceText(path, SYNONYMS_FILE), SYNONYMS_FILE) : {};
}

export function parseSearchSynonyms(text: string, file: string): SearchSynonyms {
  // An empty table (nothing but comments, or a null document) is no table.
  if (text.split('\n').every((line) => /^\s*(#.*)?$/.test(line))) return {};
  const data = parseYaml({ file, text, lineOffset: 0 });
  if (data === null || data === undefined) return {};
  const fail = (key: string | undefined, problem: string, hint: string): never => {
    throw new BuildError({ file, line: key === undefined ? 1 : lineOfKey(text, key) }, problem, hint);
  };
  const format = 'Write one line per word, "word: [what the docs call it, another word]", for example "webhook: [callback]".';
  if (!isPlainObject(data)) fail(undefined, 'The search synonyms must be a mapping of words to lists of words.', format);
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length > MAX_SYNONYM_WORDS) {
    fail(undefined, `The search synonyms list ${entries.length} words; at most ${MAX_SYNONYM_WORDS} are allowed.`, 'Keep the words readers actually type and the docs do not use.');
  }
  // A Map, then own properties only: a word such as "__proto__" or "constructor" is a word like any other.
  const table = new Map<string, string[]>();
  for (const [key, value] of entries) {
    const word = searchWord(key);
    if (word === undefined) {
      fail(key, `"${key}" is not one word that search looks for (search ignores words such as "the" and "of", and splits at spaces and punctuation).`, format);
    }
    const values = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(values) || values.length === 0 || values.some((item) => typeof item !== 'string')) {
      fail(key, `The synonyms of "${key}" must be a word or a list of words.`, format);
    }
    const list = values as string[];
    if (list.length > MAX_WORDS_PER_SYNONYM) {
      fail(key, `"${key}" has ${list.length} synonyms; at most ${MAX_WORDS_PER_SYNONYM} are allowed.`, 'Keep the words the docs use most.');
    }
    const words: string[] = [];
    for (const item of list) {
      const synonym = searchWord(item);
      if (synonym === undefined) {
        fail(key, `"${item}" (a synonym of "${key}") is not one word that search looks for.`, 'Give single words; search splits a phrase at spaces and punctuation and ignores words such as "the".');
      }
      if (synonym === word) fail(key, `"${key}" lists itself as a synonym.`, 'Remove it from its own list.');
      if (!words.includes(synonym as string)) words.push(synonym as string);
    }
    if (table.has(word as string)) fail(key, `"${key}" is listed twice (as "${word}").`, 'Merge the two lists into one.');
    table.set(word as string, words);
  }
  return Object.fromEntries(table);
}

/** The word as the index holds it, if the text is exactly one word that search does not ignore. */
function searchWord(text: string): string | undefined {
  const tokens = tokenize(text);
  if (tokens.length !== 1) return undefined;
  return processTerm(tokens[0] ?? '') ?? undefined;
}
