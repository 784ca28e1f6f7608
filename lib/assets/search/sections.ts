// Splits a page's rendered content into search sections: the page's top part (title, intro, tags)
// and one section per h2/h3 heading with its anchor. Works on the HTML our own markdown transform
// writes, so a few regular expressions are enough; code blocks are left out (their size would
// double the index for words readers rarely search for).
import { spilledValue, withSpilled } from '../../runtime/spill.ts';

export interface SearchSection {
  /** Page title on the page's top section; empty on heading sections. */
  title: string;
  /** Heading text; empty on the top section. */
  heading: string;
  /** Page title on heading sections (so "lora strength" finds a LoRA page's "Strength" section). */
  page: string;
  text: string;
  /** Page tags on the top section. */
  tags: string;
  /** The page's description on its top section; absent counts as empty. */
  description?: string;
  /** The page's keywords (front matter) on its top section; absent counts as empty. */
  keywords?: string;
  /** Page title shown with every result. */
  pageTitle: string;
  url: string;
}

export interface PageForSearch {
  title: string;
  /** The front matter description (what the page is for, in a sentence). */
  description: string;
  /** Route with the base URL, e.g. "/docs/features/lora/". */
  url: string;
  html: string;
  tags: string[];
  /** Front matter keywords: what readers may call the page's subject in words its text need not use. */
  keywords: string[];
  /** An unlisted doc (front matter `unlisted`): search does not list it. */
  unlisted?: true | undefined;
}

/**
 * What a section's text leaves out: code, elements that show no text of the page's own, labels of
 * code blocks, heading links and the h1 (the page's title is a field of its own). One pattern, so a
 * page is read once for them all: one replace for each, in turn, was six passes over every page's
 * HTML (1,000 generated pages: 28 ms, now 5 ms). The HTML is our transform's, where one of these
 * only ever holds another whole (the h1's heading link), so the one pass, which drops the outer
 * element from its start, leaves the same text as the six did (the real site's index and that of
 * 1,000 generated pages compared byte for byte).
 */
const DROP = /<pre\b[\s\S]*?<\/pre>|<(script|style|svg|button|template)\b[\s\S]*?<\/\1>|<p class="code-tabs__label">[\s\S]*?<\/p>|<div class="code-block__title">[\s\S]*?<\/div>|<a class="hash-link"[\s\S]*?<\/a>|<h1\b[\s\S]*?<\/h1>/gi;
const INLINE_TAG = /<\/?(?:a|abbr|b|code|em|i|kbd|mark|s|small|span|strong|sub|sup|u)\b[^>]*>/gi;
const HEADING = /<h([23])\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/gi;
const EXCERPT_LENGTH = 110;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Runs of whitespace (and zero-width spaces) to make one space: those of two or more, and single
 * ones other than a space. A lone space, between most words, is left as it is: replacing each with
 * itself was two thirds of this function's time (1,000 generated pages: 47 ms, now 17 ms).
 */
const SPACES = /[\s\u200b]{2,}|[^\S ]|\u200b/g;

/** Visible text of an HTML fragment, whitespace collapsed. */
export function htmlToText(html: string): string {
  const text = html.replace(INLINE_TAG, '').replace(/<[^>]*>/g, ' ');
  return decodeEntities(text).replace(SPACES, ' ').trim();
}

export function excerptOf(text: string): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

export function pageSections(page: PageForSearch): SearchSection[] {
  if (page.unlisted) return [];
  const html = page.html.replace(DROP, ' ');
  const sections: SearchSection[] = [];
  let start = 0;
  let current: Omit<SearchSection, 'text'> = { title: page.title, heading: '', page: '', tags: page.tags.join(' '), description: page.description, keywords: page.keywords.join(', '), pageTitle: page.title, url: page.url };
  for (const match of html.matchAll(HEADING)) {
    sections.push({ ...current, text: htmlToText(html.slice(start, match.index)) });
    const [whole, , id = '', inner = ''] = match;
    current = { title: '', heading: htmlToText(inner), page: page.title, tags: '', pageTitle: page.title, url: `${page.url}#${id}` };
    start = match.index + whole.length;
  }
  sections.push({ ...current, text: htmlToText(html.slice(start)) });
  return sections;
}

/** What search reads of a doc page. */
export function searchInputOf(baseUrl: string, doc: { title: string; description: string; keywords: string[]; route: string; html: string; tags: { label: string }[]; unlisted?: boolean }): PageForSearch {
  const page: PageForSearch = { title: doc.title, description: doc.description, url: `${baseUrl}${doc.route.slice(1)}`, html: '', tags: doc.tags.map((tag) => tag.label), keywords: doc.keywords };
  if (doc.unlisted) page.unlisted = true;
  // Where the doc's is, when the build keeps it out of memory (read when indexed).
  const html = spilledValue(doc, 'html');
  if (html) return withSpilled(page, { html });
  page.html = doc.html;
  return page;
}
