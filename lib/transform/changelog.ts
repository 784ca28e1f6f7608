// Transform: a changelog page (front matter `changelog: true`) is a list of dated entries, newest
// first: "- **2026-08-20** — What changed." Each entry gets a stable anchor (the feeds link to it),
// and a date that is not a real day, or out of order, fails the build at its line.
import type { RendererObject, Token, Tokens } from 'marked';
import { BuildError } from '../diagnostics.ts';
import { htmlToText } from './html-text.ts';
import type { PageState } from './page-state.ts';

export interface ChangeEntryMark {
  id: string;
  /** YYYY-MM-DD */
  date: string;
}

/** One entry as the feeds need it. */
export interface ChangeEntry extends ChangeEntryMark {
  /** The entry's HTML without its date (links as rendered: site-relative). */
  html: string;
  /** The entry's plain text without its date. */
  text: string;
}

const DATED = /^\*\*([^*\n]*)\*\*/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDay(date: string): boolean {
  const match = ISO_DATE.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}

/**
 * The entries of a changelog: every item of each top-level list whose first item starts with a
 * bold date. Anchors are "change-" and the date; a second entry on the same day gets "-2" and so
 * on, counted from the oldest, so adding entries at the top never changes an existing anchor.
 */
export function markChangeEntries(tokens: Token[], file: string, lineOf: WeakMap<object, number>): Map<Tokens.ListItem, ChangeEntryMark> {
  const dated: { item: Tokens.ListItem; date: string }[] = [];
  let previous: { date: string; line: number | undefined } | undefined;
  for (const token of tokens) {
    if (token.type !== 'list') continue;
    const items = (token as Tokens.List).items;
    if (!items[0] || !DATED.test(items[0].text.trimStart())) continue;
    for (const item of items) {
      const line = lineOf.get(item);
      const date = DATED.exec(item.text.trimStart())?.[1]?.trim();
      if (date === undefined) {
        throw new BuildError({ file, line }, 'A changelog entry does not start with its date.',
          'Start every entry with the date in bold, for example "- **2026-08-20** — What changed.", or move the text out of the list.');
      }
      if (!isRealDay(date)) {
        throw new BuildError({ file, line }, `"${date}" is not a valid date for a changelog entry.`,
          'Write the date as YYYY-MM-DD with a real month and day, for example **2026-08-20**.');
      }
      if (previous && date > previous.date) {
        throw new BuildError({ file, line }, `The changelog entry of ${date} comes after the one of ${previous.date}${previous.line ? ` (line ${previous.line})` : ''}.`,
          'Keep the entries newest first: move this entry above the older one, or fix the date.');
      }
      previous = { date, line };
      dated.push({ item, date });
    }
  }
  const marks = new Map<Tokens.ListItem, ChangeEntryMark>();
  const seen = new Map<string, number>();
  for (let index = dated.length - 1; index >= 0; index--) {
    const entry = dated[index];
    if (!entry) continue;
    const count = (seen.get(entry.date) ?? 0) + 1;
    seen.set(entry.date, count);
    marks.set(entry.item, { id: `change-${entry.date}${count > 1 ? `-${count}` : ''}`, date: entry.date });
  }
  return marks;
}

/** The entry's HTML without the leading bold date and the dash or colon after it. */
export function withoutDate(html: string, date: string): string {
  return html.replace(new RegExp(`<strong>${date}</strong>\\s*(?:[—–:-]\\s*)?`), '');
}

/** The entry's date made a link to its own anchor, so a reader can copy a link to one change. */
export function withDateLink(html: string, mark: ChangeEntryMark): string {
  return html.replace(`<strong>${mark.date}</strong>`,
    `<a class="changelog-entry__date" href="#${mark.id}"><time datetime="${mark.date}">${mark.date}</time></a>`);
}

/** On a changelog page, gives each dated entry its anchor (reserved before any heading takes it). */
export function markChangelog(tokens: Token[], page: PageState): void {
  page.changeMarks = markChangeEntries(tokens, page.ctx.file, page.lineOf);
  for (const mark of page.changeMarks.values()) {
    page.slugger.reserve(mark.id);
    page.ids.add(mark.id);
    page.anchors.push(mark.id);
  }
}

/** A dated entry as a list item with its anchor and a link on its date, and recorded for the feeds. */
export function changelogRenderer(page: PageState): RendererObject {
  return {
    listitem(item) {
      const mark = page.changeMarks?.get(item);
      if (!mark) return false;
      const body = this.parser.parse(item.tokens);
      const html = withoutDate(body, mark.date);
      page.changes.push({ ...mark, html, text: htmlToText(html) });
      return `<li id="${mark.id}" class="changelog-entry">${withDateLink(body, mark)}</li>\n`;
    },
  };
}
