// Assemble, /llms.txt: the site as a markdown index for AI assistants (the llms.txt convention):
// the title, the tagline, then one list per top-level sidebar section with each page's title,
// absolute URL and one-line description, in reading order; doc pages outside the sidebar close the
// list.
import { absoluteUrl, type SiteConfig } from '../load/config.ts';
import { docMarkdown, type TwinContext } from '../transform/twin.ts';
import type { DocPage, SidebarItem } from '../model.ts';
import { routeFile } from '../load/route-path.ts';
import { flattenSidebar } from './sidebar.ts';
import { fileOutput, type FileOutput } from './output-table.ts';

/** Markdown link text: brackets would end the link early. */
const linkText = (text: string) => text.replace(/[[\]\\]/g, '\\$&');
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function llmsTxt(config: SiteConfig, sidebar: SidebarItem[], docs: DocPage[], categoryDescriptions: Map<string, string>): string {
  const docsByRoute = new Map(docs.map((doc) => [doc.route, doc]));
  const url = (route: string) => absoluteUrl(config, route);
  const listed = new Set<string>();
  const entry = (route: string, label: string) => {
    listed.add(route);
    const doc = docsByRoute.get(route);
    const description = doc?.description ?? categoryDescriptions.get(route);
    return `- [${linkText(doc?.title ?? label)}](${url(route)})${description ? `: ${oneLine(description)}` : ''}`;
  };
  const groups: { title: string; lines: string[] }[] = [];
  const loose: string[] = [];
  for (const item of sidebar) {
    if (item.type === 'doc') loose.push(entry(item.route, item.label));
    else if (item.type === 'category') {
      const lines = flattenSidebar([item]).map((link) => entry(link.route, link.label));
      if (lines.length > 0) groups.push({ title: item.label, lines });
    }
  }
  if (loose.length > 0) groups.unshift({ title: 'Docs', lines: loose });
  const outside = docs.filter((doc) => !listed.has(doc.route)).map((doc) => entry(doc.route, doc.title));
  if (outside.length > 0) groups.push({ title: 'Other pages', lines: outside });
  const head = [`# ${config.title}`, '', `> ${oneLine(config.tagline)}`, '',
    `Every page below is also published as markdown: add \`index.md\` to its URL. The whole documentation in one file: ${url('/llms-full.txt')}`, ''];
  return `${[...head, ...groups.flatMap((group) => [`## ${group.title}`, '', ...group.lines, ''])].join('\n')}`;
}

/** The start of /llms-full.txt; the docs' parts follow. */
export function llmsFullHead(config: SiteConfig): string {
  return [`# ${config.title}`, '', `> ${oneLine(config.tagline)}`, '', ''].join('\n');
}

/**
 * Every doc's markdown twin (index.md beside its page), in sidebar order (docs outside the sidebar
 * last), and /llms-full.txt: llmsFullHead, then each twin under a line with its page's URL, in the
 * same order. Each twin is made once, when it is first written, and kept in `made` for as long as
 * its doc object lives (`npm start` keeps it from one build to the next: lib/runtime/build-cache.ts
 * transforms a doc again whenever its source, the routes, the API description or its images change).
 */
export function markdownTwins(config: SiteConfig, sidebar: SidebarItem[], docs: DocPage[], context: Omit<TwinContext, 'origin' | 'url'>,
  made: WeakMap<DocPage, { siteRoot: string; content: string }>): FileOutput[] {
  const url = (route: string) => absoluteUrl(config, route);
  const siteRoot = url('/');
  const docsByRoute = new Map(docs.map((doc) => [doc.route, doc]));
  const inOrder = flattenSidebar(sidebar).map((link) => docsByRoute.get(link.route)).filter((doc) => doc !== undefined);
  const listed = new Set(inOrder);
  inOrder.push(...docs.filter((doc) => !listed.has(doc)));
  const twin = (doc: DocPage) => {
    const known = made.get(doc);
    if (known?.siteRoot === siteRoot) return known.content;
    const content = docMarkdown(doc, { ...context, origin: config.url, url });
    made.set(doc, { siteRoot, content });
    return content;
  };
  return [
    ...inOrder.map((doc) => fileOutput(routeFile(doc.route, 'index.md'), () => twin(doc))),
    fileOutput('llms-full.txt', function* llmsFull() {
      yield llmsFullHead(config);
      for (const doc of inOrder) if (!doc.unlisted) yield `---\n\nSource: ${url(doc.route)}\n\n${twin(doc)}\n`;
    }),
  ];
}
