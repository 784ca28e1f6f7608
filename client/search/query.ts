// What a reader's query asks for: one group per meaningful word, each with the forms that may
// answer it (the word itself, typed or as a prefix, its stem, the site's synonyms). Readers type
// questions ("how do I delete my tune"); the words that only make it a question are left out, so
// that they never decide which pages match. No DOM: the tests and the benchmark run it in Node.
import { processTerm, tokenize, type SearchSynonyms } from '../../common/search.ts';

/** One indexed word (or word start) to look for, and what a match on it is worth. */
export interface QueryForm {
  term: string;
  weight: number;
  prefix: boolean;
  fuzzy: number | false;
}

/** A word of the query and the forms that count as finding it. */
export interface QueryGroup {
  word: string;
  forms: QueryForm[];
  /**
   * What this group counts for against the query's other words, as a share of a whole word: 1;
   * 1/n for each of the n parts of a word written with a hyphen or an apostrophe ("fine-tune",
   * "e-commerce"), one subject that must not count as two; half as much for a light word
   * (LIGHT_WORDS).
   */
  share: number;
}

/**
 * Words that make a sentence a question or point at the reader, on top of the index's own stop
 * words (common/search.ts). They stay in the index ("How it works" is a heading) but a query
 * ignores them unless it has no other word.
 */
const QUESTION_WORDS = new Set([
  'how', 'what', 'when', 'where', 'why', 'which', 'who', 'whom', 'whose',
  'do', 'does', 'did', 'am', 'been', 'being',
  'i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours',
  'can', 'could', 'should', 'would', 'shall', 'may', 'might', 'must',
  'want', 'need', 'please', 'possible', 'way', 'some', 'any', 'about', 'here', 'just',
  // Verbs and fillers that frame a request rather than name its subject ("let me see", "find out",
  // "get rid of", "is it done yet").
  'get', 'gets', 'got', 'getting', 'let', 'lets', 'see', 'know', 'tell', 'find', 'out', 'yet', 'still',
  'already', 'also', 'too', 'very', 'really', 'actually', 'thing', 'things', 'something', 'anything', 'stuff',
  // What remains of "don't", "it's", "person's" once split at the apostrophe.
  'don', 't', 's', 'll', 've', 're', 'd', 'm',
]);

/**
 * Common verbs and quantifiers that seldom name what a question is about ("delete pictures I
 * made", "show every model", "how much does it cost"): they still search, but count this much of
 * a word against the query's other words.
 */
const LIGHT_WORDS = new Set([
  'make', 'makes', 'made', 'making', 'use', 'uses', 'used', 'using', 'show', 'shows', 'shown', 'showing',
  'give', 'gives', 'given', 'put', 'puts', 'take', 'takes', 'taken', 'go', 'goes', 'going', 'try', 'trying',
  'have', 'had', 'having', 'all', 'every', 'each', 'everything', 'everyone', 'much', 'many', 'more', 'most',
  'own', 'other', 'others', 'another', 'lot', 'lots',
  // What a reader asks of a feature or an object rather than which one ("is video supported", "how
  // does it work", "what does a prompt contain").
  'support', 'supports', 'supported', 'supporting', 'work', 'works', 'worked', 'working',
  'contain', 'contains', 'include', 'includes',
]);
const LIGHT_WORD_SHARE = 0.5;

/** A match on a word's stem (its end cut off) counts this much of a match on the word itself. */
const STEM_WEIGHT = 0.7;
/** A match on a synonym counts this much: the reader's own word, where the docs use it, ranks first. */
const SYNONYM_WEIGHT = 0.6;
/** Stems shorter than this would match too many unrelated words. */
const MIN_STEM = 4;

/**
 * Endings cut to reach a word's stem, the first that leaves a long enough stem wins ("images" →
 * "imag"); a final "s" after "s" or "u" is not a plural ("process", "status").
 */
const ENDINGS: [RegExp, string][] = [
  [/ies$/, 'y'], [/ing$/, ''], [/ed$/, ''], [/ly$/, ''], [/es$/, ''], [/([^su])s$/, '$1'], [/e$/, ''],
];

/**
 * A word's stem for a prefix search ("changed" → "chang", "recently" → "recent", "authenticate" →
 * "authenticat"), if it has one.
 */
export function stemOf(term: string): string | undefined {
  for (const [ending, replacement] of ENDINGS) {
    if (!ending.test(term)) continue;
    const stem = term.replace(ending, replacement);
    if (stem.length >= MIN_STEM) return stem;
  }
  return undefined;
}

/** Base forms this short are still looked up in the synonym table: readers abbreviate ("pics", "vids"). */
const MIN_BASE = 3;

/**
 * The word and the forms it may be an inflection of, to look up in the synonym table ("pictures"
 * → "picture", "pics" → "pic", "deleting" → "delete", "wiped" → "wipe", "stopped" → "stop").
 * Forms that are no word are simply not in the table.
 */
function baseForms(term: string): string[] {
  const forms = [term, ...ENDINGS.map(([ending, replacement]) => term.replace(ending, replacement)), term.replace(/s$/, ''), term.replace(/d$/, '')];
  // -ing and -ed of a word ending in "e" ("removing", "wiped" → "wipe") or with a doubled
  // consonant ("stopping", "stopped" → "stop").
  const stripped = term.replace(/(ing|ed)$/, '');
  if (stripped !== term) forms.push(`${stripped}e`, stripped.replace(/([bdglmnprt])\1$/, '$1'));
  return [...new Set(forms)].filter((form) => form.length >= MIN_BASE || form === term);
}

function synonymsOf(synonyms: SearchSynonyms, term: string): string[] {
  // Own entries only: "constructor" is a word like any other.
  return Object.prototype.hasOwnProperty.call(synonyms, term) ? (synonyms[term] ?? []) : [];
}

/**
 * The forms of a whole word that are the same word: its plural or third person, past and -ing form
 * ("tune" → "tunes", "tuned", "tuning"; "copy" → "copies", "copied", "copying"; "stop" →
 * "stops", "stopped", "stopping"). Forms that are no word ("setted") are simply not found. Words ending in
 * "s" or "ee" get none: they are often forms already, and "see" + "d" is another word.
 */
export function inflectionsOf(term: string): string[] {
  if (term.length < 3 || !/^[a-z]+$/.test(term) || /(s|ee)$/.test(term)) return [];
  if (/[^aeiou]y$/.test(term)) {
    const root = term.slice(0, -1);
    return [`${root}ies`, `${root}ied`, `${term}ing`];
  }
  if (term.endsWith('e')) return [`${term}s`, `${term}d`, `${term.slice(0, -1)}ing`];
  // One syllable ending in one vowel and a consonant doubles it: "stop" → "stopped", "set" → "setting".
  const stem = /^[^aeiou]*[aeiou][bdglmnprt]$/.test(term) ? term + term.slice(-1) : term;
  return [/(x|z|ch|sh)$/.test(term) ? `${term}es` : `${term}s`, `${stem}ed`, `${stem}ing`];
}

/**
 * A query ending in a letter or digit is still being typed: its last word may be the start of a
 * longer one. The words before it, and every word of a query ending in a space or punctuation, are
 * whole words.
 */
function lastWordIsTyped(query: string): boolean {
  return /[\p{L}\p{N}_]$/u.test(query);
}

/** Each word of the query once, with its share (the largest, if it is also part of a compound). */
function queryWords(query: string): { words: Map<string, number>; last: string | undefined } {
  const words = new Map<string, number>();
  let last: string | undefined;
  for (const written of query.split(/\s+/)) {
    const parts = tokenize(written).map(processTerm).filter((term): term is string => term !== null);
    const meaningful = parts.filter((part) => !QUESTION_WORDS.has(part));
    for (const part of parts) {
      const share = (QUESTION_WORDS.has(part) ? 1 : 1 / meaningful.length) * (LIGHT_WORDS.has(part) ? LIGHT_WORD_SHARE : 1);
      words.set(part, Math.max(words.get(part) ?? 0, share));
      last = part;
    }
  }
  return { words, last };
}

/**
 * How many distinct words, as written, a title that is the query has: the query's, less the words
 * that only make it a question ("how do I create a tune" asks for "Create a tune"). Counted as
 * the index counts a field's length, "a" and "the" included.
 */
export function titleLength(query: string): number {
  return new Set(tokenize(query).filter((token) => !QUESTION_WORDS.has(token.toLowerCase()))).size;
}

export function queryGroups(query: string, synonyms: SearchSynonyms): QueryGroup[] {
  const { words: shares, last } = queryWords(query);
  const words = [...shares.keys()];
  const meaningful = words.filter((word) => !QUESTION_WORDS.has(word));
  const typed = lastWordIsTyped(query) ? last : undefined;
  return (meaningful.length > 0 ? meaningful : words).map((word) => {
    const forms: QueryForm[] = [];
    const add = (term: string, weight: number, prefix: boolean, fuzzy: number | false) => {
      const known = forms.find((form) => form.term === term);
      if (!known) forms.push({ term, weight, prefix, fuzzy });
      else if (known.weight < weight) Object.assign(known, { weight, prefix: known.prefix || prefix });
    };
    // The word being typed matches as a prefix ("outpaint" → "outpainting"), from two letters;
    // a whole word only as itself and its inflections ("see" must not find "seed"). From five
    // letters, any word also matches with one typo per five letters ("facid" → "faceid"; a
    // four-letter word with a typo would find too many others: "done" → "one").
    add(word, 1, word === typed && word.length > 1, word.length > 4 ? 0.2 : false);
    if (word !== typed) for (const form of inflectionsOf(word)) add(form, 1, false, false);
    const stem = stemOf(word);
    if (stem) add(stem, STEM_WEIGHT, true, false);
    for (const base of baseForms(word)) {
      for (const synonym of synonymsOf(synonyms, base)) add(synonym, SYNONYM_WEIGHT, synonym.length > 1, false);
    }
    return { word, forms, share: shares.get(word) ?? 1 };
  });
}
