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
import { changedSince, sameItems } from '../runtime/same-items.ts';

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
  /** The last build's twin files (markdownTwinGroups), for the next to reuse those made from the same docs. */
  lastFiles: KeptTwinFiles | undefined;
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

/**
 * The docs in reading order (readingOrder), split: the listed ones, which /llms-full.txt holds, and
 * the unlisted ones, which it leaves out (as llms.txt does); each keeps its twin.
 */
export interface TwinOrder<T extends TwinDoc = TwinDoc> {
  listed: readonly T[];
  unlisted: readonly T[];
}

/** The docs in reading order, split by whether they are listed (TwinOrder). */
export function twinOrder<T extends TwinDoc>(inOrder: readonly T[]): TwinOrder<T> {
  return { listed: inOrder.filter((doc) => !doc.unlisted), unlisted: inOrder.filter((doc) => doc.unlisted) };
}

/** Every doc's markdown twin and /llms-full.txt, as markdownTwinGroups gives them, in one list. */
export function markdownTwins(...args: Parameters<typeof markdownTwinGroups>): FileOutput[] {
  return allFiles(markdownTwinGroups(...args));
}

/** Groups of files in one list: `concat` copies each group at once, where `flat` took ~15 times as long (~4 ms at 30,000 files). */
export function allFiles(groups: readonly FileOutput[][]): FileOutput[] {
  return ([] as FileOutput[]).concat(...groups);
}

/**
 * Every doc's markdown twin (index.md beside its page), in reading order (`order`, TwinOrder),
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
 * may share the groups (lib/runtime/threaded.ts), each writing whole groups with its own call; and
 * `npm start` keeps a group from one build to the next while its docs are the same objects, so that
 * a save makes the files of its own doc's part only (the whole list took ~25 ms a save at 10,000 docs).
 */
export function markdownTwinGroups(config: TwinConfig, order: TwinOrder, context: Omit<TwinContext, 'origin' | 'url'>,
  made: TwinCache | undefined, partDocs = LLMS_FULL_PART_DOCS): FileOutput[][] {
  const url = (route: string) => absoluteUrl(config, route);
  const siteRoot = url('/');
  const make = (doc: TwinDoc) => docMarkdown(doc, { ...context, origin: config.url, url });
  const kept = (cache: TwinCache, doc: TwinDoc) => cache.get(doc, siteRoot) ?? cache.keep(doc, siteRoot, make(doc));
  const twin = (doc: TwinDoc) => made ? kept(made, doc).text() : make(doc);
  const { listed: full, unlisted } = order;
  /** The cache, which only `npm start`'s files (the versioned ones) ask for. */
  const keeping = () => {
    if (!made) throw new Error('Internal error: a markdown twin without a cache was asked for its version.');
    return made;
  };
  /** Twins written but not yet in /llms-full.txt (production builds only). */
  const waiting = new Map<TwinDoc, string>();
  const source: TwinSource = {
    content(doc, inFull) {
      const content = twin(doc);
      if (!made && inFull) waiting.set(doc, content);
      return content;
    },
    twin: (doc) => kept(keeping(), doc),
    entry(doc) {
      // Made again only should the files be written in another order than the table's.
      const content = waiting.get(doc) ?? twin(doc);
      waiting.delete(doc);
      return `---\n\nSource: ${url(doc.route)}\n\n${content}\n`;
    },
    fullVersion: (head, docs) => keyOfText([head, ...docs.map((doc) => `${url(doc.route)}\u0000${kept(keeping(), doc).version}`)].join('\n')),
  };
  // The files read `source` through a relay. `npm start` keeps the relay and the last build's groups:
  // a group made from the same doc objects, in the same order, under the same head and site root,
  // is the same files (a twin's doc object is made anew whenever what its twin reads changes,
  // lib/runtime/build-cache.ts), which now read this build's source; the last one is let go.
  const last = made?.lastFiles;
  const relay = last?.relay ?? { source };
  relay.source = source;
  const groups: KeptTwinGroup[] = [];
  // Where the listed docs were patched from the last build's (notePatched), a part holds the same
  // docs unless one of those places is in it: its docs are not compared one by one.
  const changed = last ? changedSince(last.listed, full) : undefined;
  /**
   * A group, named by its part's head (or "unlisted"), made or kept; `from`: where its docs start
   * among the listed docs, if they are a part of them.
   */
  const group = (name: string, docs: readonly TwinDoc[], files: () => FileOutput[], from?: number): FileOutput[] => {
    const key = `${siteRoot}\u0000${name}`;
    const before = last?.groups[groups.length];
    const unpatched = changed !== undefined && from !== undefined && before?.docs.length === docs.length && !anyWithin(changed, from, from + docs.length);
    const same = before?.key === key && (unpatched || sameItems(before.docs, docs));
    const chosen = same ? before : { key, docs, files: files() };
    groups.push(chosen);
    return chosen.files;
  };
  const done = (result: FileOutput[][]) => {
    if (made) made.lastFiles = { relay, groups, listed: full };
    return result;
  };
  const twinsOf = (docs: readonly TwinDoc[], inFull: boolean) => docs.map((doc) => made ? new KeptTwinFile(relay, doc, inFull) : new TwinFile(relay, doc, inFull));
  const fullFile = (path: string, head: string, docs: readonly TwinDoc[]) => made ? new KeptFullFile(path, relay, head, docs) : new FullFile(path, relay, head, docs);
  const parts = llmsFullParts(full.length, partDocs);
  if (parts === 1) {
    const head = llmsFullHead(config);
    return done([group(head, full, () => [...twinsOf(full, true), fullFile('llms-full.txt', head, full)], 0), group('unlisted', unlisted, () => twinsOf(unlisted, false))]);
  }
  const slices = Array.from({ length: parts }, (_, index) => full.slice(index * partDocs, (index + 1) * partDocs));
  const partPath = (index: number) => `llms-full-${index + 1}.txt`;
  const index = llmsFullHead(config) + [
    `The whole documentation is in ${parts} parts, in reading order, each with up to ${partDocs} pages as markdown under a line with the page's URL:`,
    '',
    ...slices.map((slice, at) => `- [Part ${at + 1} of ${parts}: ${linkText(oneLine(slice[0]?.title ?? ''))} … ${linkText(oneLine(slice.at(-1)?.title ?? ''))}](${url(`/${partPath(at)}`)})`),
    '',
  ].join('\n');
  return done([
    ...slices.map((slice, at) => {
      const head = llmsFullHead(config, { part: at + 1, parts });
      return group(head, slice, () => [...twinsOf(slice, true), fullFile(partPath(at), head, slice)], at * partDocs);
    }),
    [...group('unlisted', unlisted, () => twinsOf(unlisted, false)), fileOutput('llms-full.txt', () => index)],
  ]);
}

/** Whether a list of indexes in order has one from `from` up to (not including) `to`: found by halving. */
function anyWithin(indexes: readonly number[], from: number, to: number): boolean {
  let low = 0;
  let high = indexes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((indexes[middle] as number) < from) low = middle + 1;
    else high = middle;
  }
  return low < indexes.length && (indexes[low] as number) < to;
}

/** What the twin files read (through a TwinRelay): a twin (`inFull`: it has an entry in /llms-full.txt), an entry, and with `npm start` their versions. */
interface TwinSource {
  content(doc: TwinDoc, inFull: boolean): string;
  twin(doc: TwinDoc): KeptTwin;
  entry(doc: TwinDoc): string;
  fullVersion(head: string, docs: readonly TwinDoc[]): string;
}

/** The source the twin files read: the build's own, or with `npm start` the latest build's. */
interface TwinRelay {
  source: TwinSource;
}

/** A group of twin files with what it was made from: its key (site root and name) and its docs. */
export interface KeptTwinGroup {
  key: string;
  docs: readonly TwinDoc[];
  files: FileOutput[];
}

/**
 * The twins of a group's files (the twins the cache keeps for its docs), asked for where a file has
 * not asked yet: what the cache keeps of the last build's twins (lib/runtime/build-cache.ts).
 */
export function groupTwins(group: KeptTwinGroup): KeptTwin[] {
  return group.files.flatMap((file) => (file instanceof KeptTwinFile ? [file.twin()] : []));
}

/** The last build's twin files, by group, for the next to reuse (`npm start`, TwinCache.lastFiles). */
export interface KeptTwinFiles {
  relay: TwinRelay;
  groups: KeptTwinGroup[];
  /** The listed docs the groups were made from. */
  listed: readonly TwinDoc[];
}

/**
 * A doc's markdown twin in the output table: one object a doc whose content is a method. A closure
 * and its scope a doc cost ~100 bytes more (a heap snapshot of a 30,000-page build), which a large
 * site keeps from assemble until its twins are written.
 */
class TwinFile implements FileOutput {
  readonly route: string;
  readonly path: string;

  constructor(protected readonly relay: TwinRelay, protected readonly doc: TwinDoc, private readonly inFull: boolean) {
    // A flat string (the route shares it): a twin keeps its path from assemble until it is written.
    this.path = routeFile(doc.route, 'index.md');
    this.route = `/${this.path}`;
  }

  content(): string {
    return this.relay.source.content(this.doc, this.inFull);
  }
}

/**
 * `npm start`'s twin: versioned by its text's digest. A file kept for the next build has the same
 * doc and site root, so the same twin: kept with the file instead of looked up by its doc (~90 ms a
 * save at 100,000 docs).
 */
class KeptTwinFile extends TwinFile {
  private kept: KeptTwin | undefined;

  version(): string {
    return this.twin().version;
  }

  twin(): KeptTwin {
    this.kept ??= this.relay.source.twin(this.doc);
    return this.kept;
  }
}

/** /llms-full.txt or a part of it: its head, then each doc's entry. */
class FullFile implements FileOutput {
  readonly route: string;

  constructor(readonly path: string, protected readonly relay: TwinRelay, protected readonly head: string, protected readonly docs: readonly TwinDoc[]) {
    this.route = `/${path}`;
  }

  *content(): Generator<string> {
    yield this.head;
    for (const doc of this.docs) yield this.relay.source.entry(doc);
  }
}

/**
 * `npm start`'s: versioned by its head and its docs' addresses and twins' digests, worked out once
 * (a file kept for the next build has the same docs, whose twins are the same).
 */
class KeptFullFile extends FullFile {
  private digest: string | undefined;

  version(): string {
    this.digest ??= this.relay.source.fullVersion(this.head, this.docs);
    return this.digest;
  }
}
