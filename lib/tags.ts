// Stage 3b: tags. A label becomes a slug by the kebab-case rule; the first spelling seen names the tag.
import { kebabCase } from './slug.ts';
import type { DocPage, TagGroup, TagRef } from './model.ts';
import { joinRoute } from './content.ts';

export function tagRef(label: string, tagsRoute: string): TagRef {
  const slug = kebabCase(label);
  return { label, slug, route: joinRoute(tagsRoute, slug) };
}

/** Every tag with its docs (sorted by title), in slug order. */
export function collectTags(docs: DocPage[]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const doc of docs) {
    for (const tag of doc.tags) {
      const group = groups.get(tag.slug) ?? { label: tag.label, slug: tag.slug, route: tag.route, docs: [] };
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
