// Slugs for tags, category pages and heading ids.
import GithubSlugger, { slug as githubSlug } from 'github-slugger';

const WORDS = /\p{Lu}{2,}(?=\p{Lu}[\p{Ll}\p{M}]+|[^\p{L}\p{M}]|$)|\p{Lu}?[\p{Ll}\p{M}]+|\p{Lu}[\p{Lu}\p{M}]*|\p{N}+|[\p{Lo}\p{Lm}\p{Lt}][\p{Lo}\p{Lm}\p{Lt}\p{M}]*/gu;
/**
 * WORDS for ASCII text, where \p{Lu} is A-Z, \p{Ll} a-z, \p{N} 0-9 and no character is a mark or
 * another letter. Most labels are ASCII, and WORDS's Unicode classes cost a fresh process (a
 * production build) tens of milliseconds to compile.
 */
const ASCII_WORDS = /[A-Z]{2,}(?=[A-Z][a-z]+|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g;
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Tag slug: kebab-case as the specification's tag list reflects. Words split at spaces and
 * punctuation, lower→upper case changes ("LoRA" → lo-ra; an all-caps run stays one word, "VTON"
 * → vton) and letter↔digit changes ("backend-v0" → backend-v-0). Letters of every script count
 * ("Café" → café, "日本語" → 日本語; scripts without case are one word per run). A label without
 * any letter or digit ("🚀") is named by its code points (u-1f680), so it is never empty.
 */
export function kebabCase(label: string): string {
  if (ASCII.test(label)) {
    const words = label.match(ASCII_WORDS);
    if (words) return words.map((word) => word.toLowerCase()).join('-');
  }
  const text = label.normalize('NFC');
  const words = text.match(WORDS) ?? [];
  if (words.length > 0) return words.map((word) => word.toLowerCase()).join('-');
  const points = [...text].filter((char) => !/[\s\p{M}\u200d\ufe0f]/u.test(char)).map((char) => char.codePointAt(0)?.toString(16));
  return points.length > 0 ? `u-${points.join('-')}` : '';
}

/** Category slug: "Use cases" → use-cases, "Pack tunes" → pack-tunes. */
export function slugify(label: string): string {
  return githubSlug(label);
}

/** Heading ids unique within one page, as GitHub makes them. */
export function createHeadingSlugger(): { slug(text: string): string; reserve(id: string): void } {
  const slugger = new GithubSlugger();
  return {
    slug: (text) => slugger.slug(text),
    // An explicit id counts as taken, so a later generated id does not collide with it.
    reserve: (id) => {
      slugger.occurrences[id] = (slugger.occurrences[id] ?? 0) + 1;
    },
  };
}
