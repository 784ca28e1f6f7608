// Slugs for tags, category pages and heading ids.
import GithubSlugger, { slug as githubSlug } from 'github-slugger';

/**
 * Tag slug: kebab-case as the specification's tag list reflects. Words split at spaces and
 * punctuation, lower→upper case changes ("LoRA" → lo-ra; an all-caps run stays one word, "VTON"
 * → vton) and letter↔digit changes ("backend-v0" → backend-v-0).
 */
export function kebabCase(label: string): string {
  const words = label.match(/[A-Z]{2,}(?=[A-Z][a-z]+|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? [];
  return words.map((word) => word.toLowerCase()).join('-');
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
