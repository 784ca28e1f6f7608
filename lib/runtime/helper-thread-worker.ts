// The helper thread of large production builds (lib/runtime/helper-thread.ts): transforms
// markdown, builds the search index and writes the markdown twins on request, exactly as the main
// thread would.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { AssetCollector } from '../assets/bundle.ts';
import { hashedName } from '../assets/content-hash.ts';
import { BuildError, Diagnostics } from '../diagnostics.ts';
import type { HelperPage, HelperReply, HelperRequest, MarkdownJob, MarkdownResult, TwinsJob, TwinsJobDoc } from './helper-thread.ts';
import { markdownTwinGroups, twinOrder } from '../assemble/llms.ts';
import { loadApiDescription } from '../load/openapi.ts';
import type { ApiDescription } from '../openapi-model.ts';
import { filesInto, writeOutput } from '../write/site-writer.ts';
import { transformDoc } from '../transform/doc.ts';
import type { TwinDoc } from '../transform/twin.ts';
import { KEPT_FIELDS, keepDocFields, ownStrings, SpillFile, withSpilled, type SpilledText } from './spill.ts';
import { SearchIndexInput } from '../assets/search/build-index.ts';
import { INDEX_FILES, type IndexFolders, type IndexInput, type IndexJob, type IndexJobResult, type IndexPagesJob } from '../assets/search/index-job.ts';
import { pageSections, searchInputOf, type PageForSearch, type SearchSection } from '../assets/search/sections.ts';
import { claims, fromBack } from './shared-split.ts';

/** What search reads of the pages this thread transformed: indexed here later, never sent back and forth. */
let ownPages: PageForSearch[] = [];
/** An index begun and not yet written: its input so far, the folders it writes to, and its files (the entry file's name once the search job gives it). */
interface IndexBuild {
  sections: SearchIndexInput;
  folders: IndexFolders;
  files: { entryName: string | undefined; written: number };
  /** With IndexFolders.inOneFile: the file, and each file put in it. */
  inOneFile?: { spill: SpillFile; files: [string, SpilledText][] } | undefined;
}

/** The index a production build's pages began (IndexPagesJob) for its search job to end, or why that failed. */
let begun: IndexBuild | { failed: unknown } | undefined;
/** Where this thread keeps the HTML of the pages it transformed, in the main thread's spill folder (which that thread removes). */
let spill: SpillFile | undefined;

/** The API description last loaded, and from which file: a build's twins job needs the one its markdown job loaded. */
let loadedApi: { absPath: string; api: ApiDescription | undefined } | undefined;

function apiDescription(file: MarkdownJob['api']): ApiDescription | undefined {
  if (!file) return undefined;
  if (loadedApi?.absPath === file.absPath) return loadedApi.api;
  const api = loadApiDescription(file.absPath, file.file);
  loadedApi = { absPath: file.absPath, api };
  return api;
}

function markdown(job: MarkdownJob): MarkdownResult {
  const diagnostics = new Diagnostics();
  const routes = new Map(job.routes);
  const docRoutes = new Set(routes.values());
  const assets = new AssetCollector(job.baseUrl, job.siteDir);
  /** The images of the page being transformed. */
  let images = new Set<string>();
  // Loaded anew: `npm start` sends a markdown job after the description changed.
  loadedApi = undefined;
  const api = apiDescription(job.api);
  const env = {
    baseUrl: job.baseUrl, tagsRoute: job.tagsRoute, diagnostics, api, embeds: job.embeds, markdown: job.markdown,
    resolveDocFile: (absPath: string) => routes.get(absPath),
    docsDir: job.docsDir,
    isDocRoute: (route: string) => docRoutes.has(route),
    addAsset: (absPath: string) => {
      images.add(absPath);
      return assets.addImage(absPath);
    },
  };
  // Each page's HTML goes to this thread's spill file as soon as it is made: the main thread reads
  // it from there (when the page renders, or at once in `npm start`), and this thread when it
  // indexes the page. A job names its own file (`npm start` may send one per large change).
  if (spill?.path !== job.spillFile) {
    spill?.close();
    spill = SpillFile.at(job.spillFile, true);
  }
  const file = spill;
  const bodies = SpillFile.at(job.sourcesSpill, false);
  try {
    const transform = (index: number): HelperPage => {
      const { bodyAt, ...source } = job.sources[index] as MarkdownJob['sources'][number];
      images = new Set();
      const warned = diagnostics.warnings.length;
      const { source: _source, html, ...transformed } = transformDoc(bodyAt ? { ...source, body: bodies.get(bodyAt) } : source, env);
      // Only the doc's short values stay here until they go back, as strings of their own (a slice
      // would keep the page's whole text alive); the rest waits in the spill file, as in the main
      // thread (lib/runtime/spill.ts), and so does the source, which the main thread has.
      const { toc: _toc, links: _links, anchors: _anchors, samples: _samples, ...page } = transformed;
      for (const key of KEPT_FIELDS) (page as Record<string, unknown>)[key] = ownStrings(page[key]);
      const htmlAt = file.put(html);
      const fieldsAt = keepDocFields(transformed, file).at;
      job.sources[index] = undefined as unknown as MarkdownJob['sources'][number];
      // Completed in place (a fresh object): a literal spreading it took ~10 µs more (lib/runtime/threaded.ts).
      return Object.assign(page, { htmlAt, fieldsAt, images: [...images], warnings: diagnostics.warnings.slice(warned) });
    };
    // The docs this thread claims from the back of the shared split, each chunk in file order
    // (lib/runtime/shared-split.ts); the pages go back in file order.
    const chunks: HelperPage[][] = [];
    const { lowest } = job.split;
    for (const [start, end] of fromBack(job.split)) {
      const chunk: HelperPage[] = [];
      for (let doc = start; doc < end; doc += 1) chunk.push(transform(doc - lowest));
      chunks.push(chunk);
    }
    const pages = chunks.reverse().flat();
    if (job.forIndex) for (const { htmlAt, fieldsAt: _fieldsAt, images: _images, warnings: _warnings, ...page } of pages) ownPages.push(searchInputOf(job.baseUrl, withSpilled({ ...page, html: '' }, { html: file.ref(htmlAt) })));
    file.flush();
    return { pages };
  } finally {
    bodies.close();
    // Nothing here reads the pages again: the file is the main thread's to read and remove.
    if (!job.forIndex) {
      spill.close();
      spill = undefined;
    }
  }
}

function beginIndex(folders: IndexFolders): IndexBuild {
  const files: IndexBuild['files'] = { entryName: undefined, written: 0 };
  const inOneFile: IndexBuild['inOneFile'] = folders.inOneFile ? { spill: SpillFile.at(join(folders.outputDir, INDEX_FILES), true), files: [] } : undefined;
  // Page by page: never every page's text, and of the index only a bounded part (its postings in
  // sorted runs in the runs folder, its doc shards written as they fill).
  const sections = new SearchIndexInput((name, content) => {
    // The entry file has the name the pages already link to; the others their content hash.
    const fileName = name === 'search-index.json' ? files.entryName : hashedName(name, content);
    if (fileName === undefined) throw new Error('Internal error: the search index was written before its job named its entry file.');
    if (inOneFile) inOneFile.files.push([fileName, inOneFile.spill.put(content)]);
    else writeFileSync(join(folders.outputDir, fileName), content);
    files.written += 1;
    return `${folders.folderUrl}${fileName}`;
  }, { runsDir: folders.runsDir });
  return { sections, folders, files, inOneFile };
}

/** A production build's doc pages indexed, the main thread's then this thread's own, for the search job to end the index. */
function indexPages(job: IndexPagesJob): undefined {
  try {
    const build = beginIndex(job);
    begun = build;
    const pages = JSON.parse(job.pagesJson) as PageForSearch[];
    // Read: its text is let go, and each page once its sections are in.
    job.pagesJson = '';
    // The main thread's pages come without their HTML: read here from its spill file, page by page.
    const file = SpillFile.at(job.spilled.file, false);
    try {
      const { at } = job.spilled;
      let index = 0;
      for (const page of taken(pages)) build.sections.add(pageSections(withSpilled(page, { html: file.ref(at[index++] as SpilledText) })));
    } finally {
      file.close();
    }
    for (const page of taken(ownPages)) build.sections.add(pageSections(page));
    ownPages = [];
    return undefined;
  } catch (error) {
    begun = { failed: error };
    throw error;
  }
}

function searchIndex(job: IndexJob): IndexJobResult {
  // `npm start`'s cache: the docs' sections and the input, in one file (lib/runtime/stored-sections.ts).
  const stored = job.storedSections && { ...job.storedSections, file: SpillFile.at(job.storedSections.file, false) };
  try {
    if (job.inputJson === undefined && !stored) throw new Error('Internal error: a search job without its input.');
    const input = JSON.parse(job.inputJson ?? stored?.file.get(stored.input) ?? '') as IndexInput;
    // Read: its text (the category pages' sections, ~10 MB at 100,000 docs) is let go.
    job.inputJson = undefined;
    const build = begun ?? beginIndex(job);
    begun = undefined;
    if ('failed' in build) throw build.failed;
    const { inOneFile } = build;
    try {
      if (build.folders.outputDir !== job.outputDir) throw new Error('Internal error: the search job names another folder than the index it ends.');
      build.files.entryName = job.entryName;
      const keptSections = job.docPages && indexDocPages(build, job.docPages);
      if (stored) {
        const { places, file } = stored;
        for (let at = 0; at < places.length; at += 2) {
          build.sections.add(JSON.parse(file.get({ offset: places[at] as number, length: places[at + 1] as number })) as SearchSection[]);
        }
      }
      build.sections.add(input.sections);
      const { url: _url, ...index } = build.sections.write(input.synonyms);
      inOneFile?.spill.flush();
      return { written: build.files.written, index, inOneFile: inOneFile?.files, keptSections };
    } finally {
      inOneFile?.spill.close();
    }
  } finally {
    stored?.file.close();
  }
}

/**
 * `npm start`'s first build (IndexJob.docPages): each page's sections made from the page and its
 * HTML, indexed, and kept as JSON in the job's file for the cache; where each is there.
 */
function indexDocPages(build: IndexBuild, job: NonNullable<IndexJob['docPages']>): Float64Array {
  const pages = JSON.parse(job.pagesJson) as PageForSearch[];
  // Read: its text is let go, and each page once its sections are in.
  job.pagesJson = '';
  const places = new Float64Array(2 * pages.length);
  const html = SpillFile.at(job.html.file, false);
  const kept = SpillFile.at(job.keepFile, true);
  try {
    let index = 0;
    for (const page of taken(pages)) {
      const sections = pageSections(withSpilled(page, { html: html.ref(job.html.at[index] as SpilledText) }));
      build.sections.add(sections);
      const { offset, length } = kept.put(JSON.stringify(sections));
      places[2 * index] = offset;
      places[2 * index + 1] = length;
      index += 1;
    }
    kept.flush();
    return places;
  } finally {
    html.close();
    kept.close();
  }
}

/** A production build's markdown twins and /llms-full.txt: the groups this thread claims, from the last, written into its new output folder. */
function twins(job: TwinsJob): undefined {
  const bodies = SpillFile.at(job.sourcesSpill, false);
  try {
    const docs = (JSON.parse(readOnce(job.sourcesSpill, job.docsAt)) as TwinsJobDoc[]).map((doc) => twinDoc(doc, bodies));
    const routes = new Map(job.otherRoutes);
    for (const doc of docs) routes.set(doc.source.absPath, doc.route);
    const docRoutes = new Set(routes.values());
    const images = new Map(job.images);
    // As the main thread's assemble stage gives them (lib/assemble/site.ts).
    const context = {
      resolveDocFile: (absPath: string) => routes.get(absPath),
      docsDir: job.docsDir,
      isDocRoute: (route: string) => docRoutes.has(route),
      imageUrl: (absPath: string) => images.get(absPath),
      api: apiDescription(job.api),
    };
    const groups = markdownTwinGroups(job.config, twinOrder(docs), context, undefined);
    if (groups.length !== job.groups) throw new Error(`Internal error: the main thread has ${job.groups} groups of markdown twins, the helper ${groups.length}.`);
    const folder = filesInto(job.outputDir);
    for (const index of claims(job.claimed, groups.length, 'back')) for (const file of groups[index] ?? []) writeOutput(folder, file);
    return undefined;
  } finally {
    bodies.close();
  }
}

/**
 * A long text of a spill file, read with a reader of its own: the reader's buffer grows to the
 * text's size and each later read fills it, which would make the bodies' reads that large.
 */
function readOnce(path: string, at: SpilledText): string {
  const file = SpillFile.at(path, false);
  try {
    return file.get(at);
  } finally {
    file.close();
  }
}

/** A doc of a twins' job as the twins read it, its body read from `bodies` on use. */
function twinDoc(doc: TwinsJobDoc, bodies: SpillFile): TwinDoc {
  const { route, title, hasH1, unlisted, absPath } = doc;
  const source = 'bodyAt' in doc ? withSpilled({ absPath, route, body: '' }, { body: bodies.ref(doc.bodyAt) }) : { absPath, route, body: doc.body };
  return { route, title, hasH1, unlisted, source };
}

/** The items in order, each let go by the array as it is taken, so that it can be collected once used. */
function* taken<T>(items: T[]): Generator<T> {
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as T;
    (items as (T | undefined)[])[index] = undefined;
    yield item;
  }
}

function run(request: HelperRequest): MarkdownResult | IndexJobResult | undefined {
  switch (request.type) {
    case 'markdown': return markdown(request.job);
    case 'pages': return indexPages(request.job);
    case 'search': return searchIndex(request.job);
    case 'twins': return twins(request.job);
  }
}

parentPort?.on('message', (request: HelperRequest) => {
  let reply: HelperReply;
  try {
    reply = { id: request.id, result: run(request) };
  } catch (error) {
    reply = error instanceof BuildError
      ? { id: request.id, buildError: { file: error.file, line: error.line, problem: error.problem, hint: error.hint } }
      : { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
