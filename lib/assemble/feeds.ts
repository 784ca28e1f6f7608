// Assemble: a changelog page's entries as an Atom feed and a JSON Feed beside the page
// (/docs/changes/atom.xml, /docs/changes/feed.json), so integrators can follow changes in a reader.
import { absoluteUrl, type SiteConfig } from '../load/config.ts';
import { escapeHtml } from '../transform/highlight.ts';
import type { DocPage } from '../model.ts';
import { routeFile } from '../load/route-path.ts';
import { fileOutput, type FileOutput } from './output-table.ts';

export const FEED_FILES = { atom: 'atom.xml', json: 'feed.json' } as const;

/** Where a page's feeds are, as site routes ("/docs/changes/atom.xml"). */
export function feedRoutes(route: string): { atom: string; json: string } {
  return { atom: `${route}${FEED_FILES.atom}`, json: `${route}${FEED_FILES.json}` };
}

/** A short title: the entry's first sentence, cut at a word near 100 characters. */
export function entryTitle(text: string): string {
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  if (sentence.length <= 100) return sentence;
  const cut = sentence.slice(0, 100);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 60)).replace(/[\s,;:—–-]+$/, '')}…`;
}

/** Feed readers show entries away from the site: every site-relative link and image gets the origin. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(\s(?:href|src)=")\//g, `$1${origin}/`);
}

const timestamp = (date: string) => `${date}T00:00:00Z`;

export function changelogFeeds(config: SiteConfig, doc: DocPage): FileOutput[] {
  const pageUrl = absoluteUrl(config, doc.route);
  const routes = feedRoutes(doc.route);
  const atomUrl = absoluteUrl(config, routes.atom);
  const jsonUrl = absoluteUrl(config, routes.json);
  const title = `${doc.title} | ${config.title}`;
  const entries = doc.changes.map((entry) => ({
    ...entry,
    url: `${pageUrl}#${entry.id}`,
    title: entryTitle(entry.text),
    html: absoluteLinks(entry.html, config.url).trim(),
  }));
  const updated = timestamp(entries[0]?.date ?? '1970-01-01');

  const atom = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeHtml(pageUrl)}</id>`,
    `  <title>${escapeHtml(title)}</title>`,
    `  <subtitle>${escapeHtml(doc.description)}</subtitle>`,
    `  <link rel="alternate" type="text/html" href="${escapeHtml(pageUrl)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeHtml(atomUrl)}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeHtml(config.title)}</name></author>`,
    ...entries.map((entry) => [
      '  <entry>',
      `    <id>${escapeHtml(entry.url)}</id>`,
      `    <title>${escapeHtml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeHtml(entry.url)}"/>`,
      `    <published>${timestamp(entry.date)}</published>`,
      `    <updated>${timestamp(entry.date)}</updated>`,
      `    <content type="html">${escapeHtml(entry.html)}</content>`,
      '  </entry>',
    ].join('\n')),
    '</feed>',
    '',
  ].join('\n');

  const json = {
    version: 'https://jsonfeed.org/version/1.1',
    title,
    home_page_url: pageUrl,
    feed_url: jsonUrl,
    description: doc.description,
    language: 'en',
    authors: [{ name: config.title }],
    items: entries.map((entry) => ({
      id: entry.url,
      url: entry.url,
      title: entry.title,
      content_html: entry.html,
      date_published: timestamp(entry.date),
    })),
  };

  return [
    fileOutput(routeFile(doc.route, FEED_FILES.atom), () => atom),
    fileOutput(routeFile(doc.route, FEED_FILES.json), () => `${JSON.stringify(json, null, 2)}\n`),
  ];
}
