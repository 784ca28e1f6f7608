// Assemble, /llms.txt: the site as a markdown index for AI assistants (the llms.txt convention):
// the title, the tagline, then one list per top-level sidebar section with each page's title,
// absolute URL and one-line description, in reading order; doc pages outside the sidebar close the
// list.
//
// /llms-full.txt holds every doc's markdown twin in reading order. A site of more than
// LLMS_FULL_PART_DOCS docs gets it in parts, /llms-full-1.txt, /llms-full-2.txt, …, and
// /llms-full.txt lists them: one file of a 100,000-doc site would be about a gigabyte, more than any
// assistant reads in one go, while a part stays about the size one can take in.
import { absoluteUrl, type SiteConfig } from '../load/config.ts';
import { docMarkdown, type TwinContext, type TwinDoc } from '../transform/twin.ts';
import type { DocPage, SidebarItem } from '../model.ts';
import { routeFile } from '../load/route-path.ts';
import { flattenSidebar } from './sidebar.ts';
import { fileOutput, type FileOutput } from './output-table.ts';
import { keyOfText } from '../runtime/build-cache.ts';

/** What the twins and /llms-full.txt read of the site's configuration. */
export type TwinConfig = Pick<SiteConfig, 'url' | 'baseUrl' | 'title' | 'tagline'>;

/** A doc's markdown twin kept between builds (`npm start`): a digest of its text, and the text, read back on use. */
export interface KeptTwin {
  readonly version: string;
  text(): string;
}

/** Where `npm start` keeps each doc's markdown twin from build to build (lib/runtime/build-cache.ts). */
export interface TwinCache {
  /** The twin kept for this doc object with this site root (a twin's links are absolute), if any. */
  get(doc: TwinDoc, siteRoot: string): KeptTwin | undefined;
  keep(doc: TwinDoc, siteRoot: string, text: string): KeptTwin;
}

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
    `Every page below is also published as markdown: add \`index.md\` to its URL. ${wholeDocumentation(docs.length, url('/llms-full.txt'))}`, ''];
  return `${[...head, ...groups.flatMap((group) => [`## ${group.title}`, '', ...group.lines, ''])].join('\n')}`;
}

/**
 * How many docs one part of /llms-full.txt holds: at this site's ~10 KB of markdown a doc, about
 * 2 MB, which a large assistant's context takes in whole; a site with up to this many docs keeps
 * one /llms-full.txt.
 */
export const LLMS_FULL_PART_DOCS = 200;

/** How many parts /llms-full.txt has for this many docs: 1 is the file itself, with every doc. */
export function llmsFullParts(docCount: number, partDocs = LLMS_FULL_PART_DOCS): number {
  return docCount <= partDocs ? 1 : Math.ceil(docCount / partDocs);
}

/** llms.txt's pointer to the whole documentation. */
function wholeDocumentation(docCount: number, fullUrl: string): string {
  const parts = llmsFullParts(docCount);
  return parts === 1 ? `The whole documentation in one file: ${fullUrl}` : `The whole documentation, in ${parts} parts listed at: ${fullUrl}`;
}

/** The start of /llms-full.txt (or of its part `part` of `parts`); the docs follow. */
export function llmsFullHead(config: TwinConfig, part?: { part: number; parts: number }): string {
  const title = part ? `${config.title} (part ${part.part} of ${part.parts})` : config.title;
  return [`# ${title}`, '', `> ${oneLine(config.tagline)}`, '', ''].join('\n');
}

/**
 * The docs in reading order, as indexes into `docs`: the sidebars' order, then the docs no sidebar
 * lists, in file order.
 */
export function readingOrder(sidebar: SidebarItem[], docs: DocPage[]): number[] {
  const indexByRoute = new Map(docs.map((doc, index) => [doc.route, index]));
  const order: number[] = [];
  const placed = new Set<number>();
  for (const link of flattenSidebar(sidebar)) {
    const index = indexByRoute.get(link.route);
    // A route is listed once (flattenSidebar), so a doc is placed once.
    if (index === undefined) continue;
    placed.add(index);
    order.push(index);
  }
  docs.forEach((_doc, index) => {
    if (!placed.has(index)) order.push(index);
  });
  return order;
}

/** Every doc's markdown twin and /llms-full.txt, as markdownTwinGroups gives them, in one list. */
export function markdownTwins(...args: Parameters<typeof markdownTwinGroups>): FileOutput[] {
  return markdownTwinGroups(...args).flat();
}

/**
 * Every doc's markdown twin (index.md beside its page), in reading order (`inOrder`, readingOrder),
 * and /llms-full.txt: llmsFullHead, then each twin under a line with its page's URL, in the
 * same order (in parts past LLMS_FULL_PART_DOCS docs; `partDocs` is for tests). Each twin is made
 * once, when it is first written. With `made` (`npm start`), it is kept there for as long as its doc
 * object lives (lib/runtime/build-cache.ts transforms a doc again whenever its source, the routes,
 * the API description or its images change), and the twins and /llms-full.txt have versions made
 * from the twins' digests, so a build writes only what changed without reading every twin back.
 * Without (a production build), it is kept only until its /llms-full.txt entry is written: the
 * files come in the order [a part's twins, that part], so no more than one part's twins are held at
 * a time, however large the site.
 *
 * The files come in groups that need no other group's to be written: each part of /llms-full.txt
 * with its docs' twins, then the unlisted docs' twins (with the list of parts, if any). Two threads
 * may share the groups (lib/runtime/threaded.ts), each writing whole groups with its own call.
 */
export function markdownTwinGroups(config: TwinConfig, inOrder: TwinDoc[], context: Omit<TwinContext, 'origin' | 'url'>,
  made: TwinCache | undefined, partDocs = LLMS_FULL_PART_DOCS): FileOutput[][] {
  const url = (route: string) => absoluteUrl(config, route);
  const siteRoot = url('/');
  const make = (doc: TwinDoc) => docMarkdown(doc, { ...context, origin: config.url, url });
  const kept = (cache: TwinCache, doc: TwinDoc) => cache.get(doc, siteRoot) ?? cache.keep(doc, siteRoot, make(doc));
  const twin = (doc: TwinDoc) => made ? kept(made, doc).text() : make(doc);
  // Unlisted docs keep their twin but are left out of the whole documentation, as out of llms.txt.
  const full = inOrder.filter((doc) => !doc.unlisted);
  /** Twins written but not yet in /llms-full.txt (production builds only). */
  const waiting = new Map<TwinDoc, string>();
  const twins: TwinSource = {
    content(doc, inFull) {
      const content = twin(doc);
      if (!made && inFull) waiting.set(doc, content);
      return content;
    },
    version: (doc) => made && (() => kept(made, doc).version),
  };
  const twinFile = (doc: TwinDoc, inFull: boolean) => new TwinFile(twins, doc, inFull);
  const entry = (doc: TwinDoc) => {
    // Made again only should the files be written in another order than the table's.
    const content = waiting.get(doc) ?? twin(doc);
    waiting.delete(doc);
    return `---\n\nSource: ${url(doc.route)}\n\n${content}\n`;
  };
  /** The version of a file of /llms-full.txt's (`npm start`): its head and its docs' addresses and twins. */
  const fullVersion = (head: string, slice: TwinDoc[]) => made && (() => keyOfText([head, ...slice.map((doc) => `${url(doc.route)}\u0000${kept(made, doc).version}`)].join('\n')));
  const twinsOf = (slice: TwinDoc[]) => slice.map((doc) => twinFile(doc, true));
  const unlistedTwins = inOrder.filter((doc) => doc.unlisted).map((doc) => twinFile(doc, false));
  const parts = llmsFullParts(full.length, partDocs);
  if (parts === 1) {
    const head = llmsFullHead(config);
    return [[...twinsOf(full), fileOutput('llms-full.txt', function* llmsFull() {
      yield head;
      for (const doc of full) yield entry(doc);
    }, fullVersion(head, full))], unlistedTwins];
  }
  const slices = Array.from({ length: parts }, (_, index) => full.slice(index * partDocs, (index + 1) * partDocs));
  const partPath = (index: number) => `llms-full-${index + 1}.txt`;
  const index = llmsFullHead(config) + [
    `The whole documentation is in ${parts} parts, in reading order, each with up to ${partDocs} pages as markdown under a line with the page's URL:`,
    '',
    ...slices.map((slice, at) => `- [Part ${at + 1} of ${parts}: ${linkText(oneLine(slice[0]?.title ?? ''))} … ${linkText(oneLine(slice.at(-1)?.title ?? ''))}](${url(`/${partPath(at)}`)})`),
    '',
  ].join('\n');
  return [
    ...slices.map((slice, at) => {
      const head = llmsFullHead(config, { part: at + 1, parts });
      return [...twinsOf(slice), fileOutput(partPath(at), function* llmsFullPart() {
        yield head;
        for (const doc of slice) yield entry(doc);
      }, fullVersion(head, slice))];
    }),
    [...unlistedTwins, fileOutput('llms-full.txt', () => index)],
  ];
}

/** How a twin file makes its content (`inFull`: it has an entry in /llms-full.txt) and, with `npm start`, its version. */
interface TwinSource {
  content(doc: TwinDoc, inFull: boolean): string;
  version(doc: TwinDoc): (() => string) | undefined;
}

/**
 * A doc's markdown twin in the output table: one object a doc whose content is a method. A closure
 * and its scope a doc cost ~100 bytes more (a heap snapshot of a 30,000-page build), which a large
 * site keeps from assemble until its twins are written.
 */
class TwinFile implements FileOutput {
  readonly kind = 'file';
  readonly route: string;
  readonly path: string;
  readonly version: (() => string) | undefined;

  constructor(private readonly twins: TwinSource, private readonly doc: TwinDoc, private readonly inFull: boolean) {
    // A flat string (the route shares it): a twin keeps its path from assemble until it is written.
    this.path = routeFile(doc.route, 'index.md');
    this.route = `/${this.path}`;
    this.version = twins.version(doc);
  }

  content(): string {
    return this.twins.content(this.doc, this.inFull);
  }
}
