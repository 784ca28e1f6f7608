// A generated documentation corpus for measuring scale: N pages shaped as large documentation sites
// are (sections of about 200 pages, headings, paragraphs, lists, tables, code, links, tags), with
// words drawn from the real content's vocabulary at their real frequencies. Deterministic: the same
// N gives the same pages, so figures compare across runs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface CorpusSection {
  heading: string;
  level: 2 | 3;
  paragraphs: string[];
  list: string[];
  table: string[][] | undefined;
  code: string | undefined;
}

export interface CorpusPage {
  /** Path under docs/, e.g. "section-007/group-2/page-01423". */
  path: string;
  title: string;
  description: string;
  tags: string[];
  intro: string;
  sections: CorpusSection[];
  /** Paths of other pages this one links to. */
  links: string[];
}

export const PAGES_PER_SECTION = 200;
/** Each section holds groups (sub-categories) of this many pages. */
export const PAGES_PER_GROUP = 50;

/** Mulberry32: a tiny seeded generator, so the corpus never changes between runs. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every word of the real documentation, with repeats, so sampling follows real frequencies. */
export function vocabulary(contentDir: string): string[] {
  const words: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) {
        const text = readFileSync(path, 'utf8').replace(/```[\s\S]*?```/g, ' ').replace(/^---[\s\S]*?---/, ' ');
        for (const word of text.match(/[A-Za-z][a-z]{2,}/g) ?? []) words.push(word.toLowerCase());
      }
    }
  };
  walk(contentDir);
  return words;
}

export function generateCorpus(count: number, words: string[], seed = 42): CorpusPage[] {
  const next = random(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T;
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const phrase = (n: number) => Array.from({ length: n }, () => pick(words)).join(' ');
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const sentence = () => `${capital(phrase(between(6, 16)))}.`;
  const paragraph = () => Array.from({ length: between(2, 5) }, sentence).join(' ');
  const tagPool = Array.from({ length: 60 }, () => capital(phrase(between(1, 2))));
  const pathOf = (index: number) => `section-${String(Math.floor(index / PAGES_PER_SECTION)).padStart(3, '0')}` +
    `/group-${Math.floor((index % PAGES_PER_SECTION) / PAGES_PER_GROUP)}/page-${String(index).padStart(5, '0')}`;

  return Array.from({ length: count }, (_, index) => {
    const sections: CorpusSection[] = Array.from({ length: between(3, 7) }, (_, i) => ({
      heading: capital(phrase(between(2, 5))),
      level: i > 0 && next() < 0.35 ? 3 : 2,
      paragraphs: Array.from({ length: between(1, 3) }, paragraph),
      list: next() < 0.4 ? Array.from({ length: between(3, 6) }, () => capital(phrase(between(3, 8)))) : [],
      table: next() < 0.25 ? Array.from({ length: between(3, 6) }, () => [`\`${pick(words)}_${pick(words)}\``, pick(['string', 'integer', 'boolean']), capital(phrase(between(4, 10)))]) : undefined,
      code: next() < 0.5 ? `curl -X POST https://api.example.com/${pick(words)}s \\\n  -H "Authorization: Bearer $API_KEY" \\\n  -d '{"${pick(words)}": "${pick(words)}"}'` : undefined,
    }));
    return {
      path: pathOf(index),
      title: capital(phrase(between(2, 4))),
      description: sentence(),
      tags: Array.from(new Set(Array.from({ length: between(0, 3) }, () => pick(tagPool)))),
      intro: paragraph(),
      sections,
      links: Array.from({ length: between(1, 4) }, () => pathOf(Math.floor(next() * count))),
    };
  });
}

/** The page as a markdown file of the docs folder. */
export function toMarkdown(page: CorpusPage): string {
  const front = ['---', `title: ${JSON.stringify(page.title)}`, `description: ${JSON.stringify(page.description)}`];
  if (page.tags.length > 0) front.push(`tags: [${page.tags.map((tag) => JSON.stringify(tag)).join(', ')}]`);
  front.push('---', '');
  const body = [page.intro, '', `See also ${page.links.map((link) => `[${link.split('/').pop()}](/docs/${link}/)`).join(', ')}.`, ''];
  for (const section of page.sections) {
    body.push(`${'#'.repeat(section.level)} ${section.heading}`, '', ...section.paragraphs.flatMap((p) => [p, '']));
    if (section.list.length > 0) body.push(...section.list.map((item) => `- ${item}`), '');
    if (section.table) body.push('| Field | Type | Meaning |', '| --- | --- | --- |', ...section.table.map((row) => `| ${row.join(' | ')} |`), '');
    if (section.code) body.push('```bash', section.code, '```', '');
  }
  return [...front, ...body].join('\n');
}
