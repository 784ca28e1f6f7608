// Assemble: tags. A label becomes a slug by the kebab-case rule; the first spelling seen names the tag.
// A tag with more docs than one page lists (TAG_PAGE_SIZE) gets more pages: {tag route}page/2/, ….
import { kebabCase } from '../slug.ts';
import type { DocPage, TagGroup, TagRef } from '../model.ts';
import { joinRoute } from '../load/content.ts';
import type { Diagnostics } from '../diagnostics.ts';
import { encodeSegment } from '../load/route-path.ts';

/** A tag's page: at its label's slug, or at the permalink front matter gives it (segments checked by lib/load/frontmatter.ts). */
export function tagRef(label: string, tagsRoute: string, permalink?: string[]): TagRef {
  const slug = permalink ? permalink.join('/') : kebabCase(label);
  return { label, slug, route: joinRoute(tagsRoute, ...(permalink ?? [slug]).map(encodeSegment)) };
}

/** Spellings of one tag ("fine-tuning", "Fine tuning") agree here; "C++" and "C#" do not. */
function spelling(label: string): string {
  return label.normalize('NFKC').toLowerCase().replace(/[\s_-]+/g, '');
}

/** Every tag with its docs (sorted by title), in slug order. */
export function collectTags(docs: DocPage[], diagnostics?: Diagnostics): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  const warned = new Set<string>();
  for (const doc of docs) {
    for (const tag of doc.tags) {
      const known = groups.get(tag.slug);
      // Two different labels with one slug would share one tag page without anyone noticing.
      if (known && spelling(known.label) !== spelling(tag.label) && !warned.has(`${known.label}\n${tag.label}`)) {
        warned.add(`${known.label}\n${tag.label}`);
        diagnostics?.warn({ file: doc.source.file, line: doc.source.tagsLine },
          `The tag "${tag.label}" has the same slug "${tag.slug}" as the tag "${known.label}" (${known.docs[0]?.source.file ?? 'another doc'}), so both are listed as one tag "${known.label}". Rename one of them.`);
      }
      const group = known ?? { label: tag.label, slug: tag.slug, route: tag.route, docs: [] };
      if (!group.docs.includes(doc)) group.docs.push(doc);
      groups.set(tag.slug, group);
    }
  }
  for (const group of groups.values()) group.docs.sort((a, b) => a.title.localeCompare(b.title, 'en'));
  return [...groups.values()].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/** The tags index: groups by the label's first character, upper-cased. */
export function groupTagsByLetter(tags: TagGroup[]): { letter: string; tags: TagGroup[] }[] {
  const letters = new Map<string, TagGroup[]>();
  for (const tag of tags) {
    const letter = (tag.label[0] ?? '#').toUpperCase();
    letters.set(letter, [...(letters.get(letter) ?? []), tag]);
  }
  return [...letters.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([letter, group]) => ({ letter, tags: group.sort((a, b) => a.label.localeCompare(b.label, 'en')) }));
}

/**
 * How many docs one tag page lists. A tag page is a list to scan for a title: a hundred titles with
 * their one-line descriptions is a few screens, about the length of a long doc, and keeps the page's
 * HTML about a long doc page's weight (~10 KB gzipped); longer, a reader scrolls past what they
 * cannot take in and is better served by search. Docs are in title order, so page 2 goes on where
 * page 1 stops.
 */
export const TAG_PAGE_SIZE = 100;

/** One page of a tag: its route and its docs. */
export interface TagPageSlice {
  route: string;
  /** From 1. */
  page: number;
  pages: number;
  docs: DocPage[];
}

/** The route of a tag's page: the tag's own route for the first, {route}page/N/ for the others. */
export function tagPageRoute(tag: Pick<TagGroup, 'route'>, page: number): string {
  return page === 1 ? tag.route : joinRoute(tag.route, 'page', String(page));
}

/** A tag's pages, `size` docs each (the last fewer): one page for a tag with up to `size` docs. */
export function tagPages(tag: TagGroup, size = TAG_PAGE_SIZE): TagPageSlice[] {
  const pages = Math.max(1, Math.ceil(tag.docs.length / size));
  return Array.from({ length: pages }, (_, index) => ({
    route: tagPageRoute(tag, index + 1), page: index + 1, pages, docs: tag.docs.slice(index * size, (index + 1) * size),
  }));
}
