// Load: walk the docs folder into doc and category records (ids, routes, order), reading
// front matter and _category_ files. Touches the file system; everything after it is pure.
import { ownString, ownStrings, withSpilled, type KeepText } from '../runtime/spill.ts';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseYaml } from './config.ts';
import { BuildError, Diagnostics, lineAt, lineOfKey, type Location, type Warning } from '../diagnostics.ts';
import type { Memo } from '../runtime/memo.ts';
import { notePatched } from '../runtime/same-items.ts';
import type { PatchedMap } from '../runtime/patched-map.ts';
import type { KnownTree } from './known-tree.ts';
import { FieldReader, isPlainObject } from './fields.ts';
import { splitFrontMatter, type FrontMatter } from './frontmatter.ts';
import { slugify } from '../slug.ts';
import { encodeSegment, routeSegments } from './route-path.ts';
import { readSourceText } from './source-text.ts';

export interface DocSource {
  /** Path under the docs folder without extension and number prefixes: "api/tune/create". */
  id: string;
  /** File path relative to the project root, for messages. */
  file: string;
  absPath: string;
  /** Folder under the docs folder, prefixes kept: "api/0-tune" ("" at the top). */
  dir: string;
  /** File name with prefix and extension: "1-create.md" (or ".mdx"); orders siblings. */
  sortName: string;
  route: string;
  position: number | undefined;
  frontMatter: FrontMatter;
  /** Line of the front matter's `slug` key, for messages about the route it sets. */
  slugLine: number | undefined;
  /** Line of the front matter's `tags` key, for messages about its tags. */
  tagsLine: number | undefined;
  body: string;
  bodyLineOffset: number;
  /** The file's modification time, where load read it to know whether the file changed (`npm start`): its "Last updated" when git has none. */
  modifiedMs?: number | undefined;
}

export interface CategorySource {
  /** Folder under the docs folder, prefixes kept. */
  dir: string;
  /** Folder name with prefix: orders siblings. */
  sortName: string;
  label: string;
  position: number | undefined;
  description: string | undefined;
  /** Route of the generated index page, when the category has one. */
  indexRoute: string | undefined;
  /** Id of a doc that serves as the category's page instead of a generated index. */
  linkDocId: string | undefined;
  collapsed: boolean;
  file: string | undefined;
  /** Line of `link.slug` in the category file, when it sets the index route. */
  slugLine: number | undefined;
}

export interface LoadedContent {
  /** The docs folder (absolute). */
  docsDir: string;
  docs: DocSource[];
  categories: CategorySource[];
  /** Docs with `draft: true` that this build leaves out (a production build; `npm start` keeps them in `docs`). */
  drafts: DocSource[];
  /** Docs left out because an earlier doc has their route (lib/load/published.ts); an id of theirs names the page at that route. */
  ignored: DocSource[];
}

// Docusaurus's rule: digits, then "-", "_" or "." (spaces around allowed: "01 - Intro"), then the
// name. A name that starts like a date or a version ("2024-01-release", "1.2-notes", "01_02") keeps
// its digits: they are part of what it names, not an order.
const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*/;
const DATE_OR_VERSION = /^(?:\d{2}|\d{4})[-_.]\d{2}|^\d+[-_.]\d+/;

/** Splits "05-flux-api" (or "05_flux-api", "05.flux-api") into position 5 and name "flux-api". */
export function parseNumberPrefix(name: string): { position: number | undefined; name: string } {
  const match = DATE_OR_VERSION.test(name) ? null : NUMBER_PREFIX.exec(name);
  const rest = match ? name.slice(match[0].length) : '';
  // "1-", "1-.." and "1-." keep their prefix: without it, the name would be empty or step out of its folder.
  if (!match || rest === '' || rest === '.' || rest === '..') return { position: undefined, name };
  return { position: Number(match[1]), name: rest };
}

function stripPrefixes(path: string): string {
  return path.split('/').filter(Boolean).map((part) => parseNumberPrefix(part).name).join('/');
}

export interface ContentOptions {
  root: string;
  docsDir: string;
  /** The docs version path, e.g. "/docs". */
  docsPath: string;
  diagnostics: Diagnostics;
  /** Keeps each doc's body out of memory until it is read (lib/runtime/spill.ts); a production build gives it. */
  keep?: KeepText | undefined;
  /** `npm start`: each doc as the last build read it, reused while its file is unchanged (readDoc). */
  knownDocs?: Memo<KnownDoc> | undefined;
  /** `npm start`: the last walk of the docs folder, reused while the watcher saw only known docs edited. */
  knownTree?: KnownTree | undefined;
}

/** A doc read by an earlier build, with the warnings reading it gave, to give them again on reuse. */
export interface KnownDoc {
  source: DocSource;
  warnings: Warning[];
  /** Modified shortly before it was read: its time may not show the next change (readDoc). */
  recent: boolean;
}

export function loadContent(options: ContentOptions): LoadedContent {
  if (!existsSync(options.docsDir)) {
    throw new BuildError({ file: relative(options.root, options.docsDir) }, 'The docs folder is missing.', 'Create it and add at least one markdown file.');
  }
  const { knownTree, knownDocs } = options;
  const treeKey = `${options.root}\0${options.docsDir}\0${options.docsPath}`;
  const reusable = knownDocs && knownTree?.reusable(options.docsDir, treeKey);
  if (knownDocs && reusable) {
    const docs = reusable.docs.slice();
    const warned: number[] = [];
    /** The doc at `place` as the memo has it, read again where its file changed; its warnings given again. */
    const read = (place: number) => {
      const doc = docs[place] as DocSource;
      const known = reusable.edited.has(place) ? readDoc(options, doc.dir, doc.sortName) : knownDoc(options, knownDocs, doc);
      docs[place] = known.source;
      if (known.warned) warned.push(place);
    };
    if (knownDocs.version === reusable.memo.version) {
      // The memo unchanged since these docs were taken: each other doc is still its entry's, with no
      // warnings, so it is not read. Looking every doc up was ~40 ms of a save at 100,000 docs.
      const places = [...new Set([...reusable.edited, ...reusable.memo.warned])].sort((a, b) => a - b);
      for (const place of places) read(place);
      // The later stages read only these places of the list, too.
      notePatched(docs, reusable.docs, places);
    } else for (let place = 0; place < docs.length; place++) read(place);
    knownTree?.reused(docs, { warned, version: knownDocs.version });
    return { docsDir: options.docsDir, docs, categories: [...reusable.categories], drafts: [], ignored: [] };
  }
  const docs: DocSource[] = [];
  const categories: CategorySource[] = [];
  const dirs = knownTree ? new Set<string>() : undefined;
  const warned: number[] = [];
  walk(options, '', docs, categories, dirs, warned);
  knownDocs?.keepOnly(new Set(docs.map((doc) => doc.absPath)));
  if (dirs && knownDocs) knownTree?.walked(treeKey, docs, categories, dirs, { warned, version: knownDocs.version });
  return { docsDir: options.docsDir, docs, categories, drafts: [], ignored: [] };
}

/** A doc the last build read, its file unchanged since: its warnings given again. */
function knownDoc(options: ContentOptions, knownDocs: Memo<KnownDoc>, doc: DocSource): { source: DocSource; warned: boolean } {
  const known = knownDocs.last(doc.absPath)?.value;
  if (known?.source !== doc) return readDoc(options, doc.dir, doc.sortName);
  for (const warning of known.warnings) options.diagnostics.warn(warning, warning.message);
  return { source: doc, warned: known.warnings.length > 0 };
}

/**
 * A route from a path an author wrote (`slug`, a category's `link.slug`), under `base` (segments
 * already checked); a path that would leave its place is an error at the line that sets it.
 */
export function authoredRoute(docsPath: string, base: string[], path: string, where: Location, key: string): string {
  const checked = routeSegments(path);
  if ('problem' in checked) {
    throw new BuildError(where, `The ${key} "${path}" ${checked.problem}.`,
      `Write a route made of names, e.g. "${key}: /guides/setup"; it cannot hold "." or ".." parts, backslashes or control characters.`);
  }
  const segments = path.startsWith('/') ? checked.segments : [...base, ...checked.segments];
  return joinRoute(docsPath, ...segments.map(encodeSegment));
}

/** The extension of a doc file: Markdown, or MDX as Docusaurus folders hold it; undefined for other files. */
export function docExtension(name: string): '.md' | '.mdx' | undefined {
  if (name.endsWith('.md')) return '.md';
  if (name.endsWith('.mdx')) return '.mdx';
  return undefined;
}

/**
 * A folder is a sidebar category when it has a category file or holds pages (an img/ folder does
 * not). `dirs` gets each folder listed (for `npm start`'s KnownTree).
 */
function holdsPages(absDir: string, dirs: Set<string> | undefined): boolean {
  dirs?.add(resolve(absDir));
  return readdirSync(absDir, { withFileTypes: true }).some((entry) =>
    (entry.isFile() && (docExtension(entry.name) !== undefined || CATEGORY_FILES.includes(entry.name))) ||
    (entry.isDirectory() && !entry.name.startsWith('.') && holdsPages(join(absDir, entry.name), dirs)));
}

/** `warned` gets the places in `docs` of those whose reading gave warnings. */
function walk(options: ContentOptions, dir: string, docs: DocSource[], categories: CategorySource[], dirs: Set<string> | undefined, warned: number[]): void {
  const absDir = join(options.docsDir, dir);
  // holdsPages notes the folders below the top one.
  if (dir === '') dirs?.add(resolve(absDir));
  else if (!holdsPages(absDir, dirs)) return;
  const entries = readdirSync(absDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (dir !== '') categories.push(readCategory(options, dir, entries.map((entry) => entry.name)));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(options, rel, docs, categories, dirs, warned);
    else if (entry.isFile() && docExtension(entry.name)) {
      const { source, warned: gave } = readDoc(options, dir, entry.name);
      if (gave) warned.push(docs.length);
      docs.push(source);
    }
  }
}

/**
 * A doc's source; with `knownDocs`, the same object as the last build's while the file's size and
 * modification time are the same (one stat instead of reading and parsing it; the same object also
 * keeps its digest for the transform's cache, lib/runtime/cached.ts). A file modified shortly
 * before it was read is read again next time: on a file system that keeps times in whole seconds
 * (or two), a second save of the same size within that time would leave its time as it was.
 * `warned`: with `knownDocs`, whether its entry there holds warnings (given to the diagnostics).
 */
function readDoc(options: ContentOptions, dir: string, fileName: string): { source: DocSource; warned: boolean } {
  const { knownDocs } = options;
  if (!knownDocs) return { source: readDocFile(options, dir, fileName, options.diagnostics), warned: false };
  const absPath = join(options.docsDir, dir, fileName);
  const readAt = Date.now();
  const { size, mtimeMs } = statSync(absPath);
  const known = knownDocs.get(absPath, `${size}:${mtimeMs}\0${options.root}\0${options.docsPath}`, () => {
    const diagnostics = new Diagnostics();
    // The path the cache knows it by, the same string (a second join made a copy a doc).
    const source = readDocFile(options, dir, fileName, diagnostics, absPath);
    source.modifiedMs = mtimeMs;
    return { source, warnings: diagnostics.warnings, recent: mtimeMs > readAt - COARSE_TIME_MS };
  }, (doc) => !doc.recent);
  for (const warning of known.warnings) options.diagnostics.warn(warning, warning.message);
  return { source: known.source, warned: known.warnings.length > 0 };
}

/** The coarsest modification times a file system keeps (FAT: two seconds). */
const COARSE_TIME_MS = 2000;

function readDocFile(options: ContentOptions, dir: string, fileName: string, diagnostics: Diagnostics, absPath = join(options.docsDir, dir, fileName)): DocSource {
  const file = relative(options.root, absPath);
  const text = readSourceText(absPath, file);
  const { frontMatter, body, bodyLineOffset } = splitFrontMatter(text, file, diagnostics);
  const head = text.slice(0, text.length - body.length);
  const slugLine = frontMatter.slug === undefined ? undefined : lineOfKey(head, 'slug');
  const tagsLine = frontMatter.tags.length === 0 ? undefined : lineOfKey(head, 'tags');
  const base = fileName.slice(0, fileName.length - (docExtension(fileName)?.length ?? 0));
  const { position: prefixPosition, name } = parseNumberPrefix(base);
  const folderName = dir.split('/').pop() ?? '';
  const dirId = stripPrefixes(dir);
  // Front matter `id` replaces the file name in the id and the route, as in Docusaurus.
  const localId = frontMatter.id ?? name;
  const id = dirId ? `${dirId}/${localId}` : localId;
  // A doc named like its folder (prefix included), or index/README, is the folder's page.
  const isFolderIndex = base === folderName || name === 'index' || name === 'README';
  const idPath = isFolderIndex ? dirId : id;
  // File and folder names are never "." or ".." (hidden files are skipped, see parseNumberPrefix).
  const route = frontMatter.slug === undefined
    ? joinRoute(options.docsPath, ...idPath.split('/').filter(Boolean).map(encodeSegment))
    : authoredRoute(options.docsPath, dirId.split('/').filter(Boolean), frontMatter.slug.trim(), { file, line: slugLine }, 'slug');
  const source: DocSource = {
    id,
    file,
    absPath,
    dir,
    sortName: fileName,
    route,
    position: frontMatter.sidebarPosition ?? prefixPosition,
    frontMatter,
    slugLine,
    tagsLine,
    body,
    bodyLineOffset,
  };
  if (!options.keep) return source;
  // Its own flat strings, as what the build keeps of every doc: an id or route joined from parts is
  // a rope, and relative() cuts the file from a copy of the whole path of its own (~200 bytes a
  // doc besides the texts, a heap snapshot of a 30,000-doc build).
  source.id = ownString(id);
  source.file = ownString(file);
  source.route = ownString(route);
  source.frontMatter = ownStrings(source.frontMatter);
  return withSpilled(source, { body: options.keep(body) });
}

/**
 * "/docs" + "api/tune" → "/docs/api/tune/"; always one leading and one trailing slash. The parts
 * are routes or encoded segments (see lib/load/route-path.ts), never an author's raw text.
 */
export function joinRoute(...parts: string[]): string {
  const segments = parts.join('/').split('/').filter(Boolean);
  // Every route is also a folder of the output: one that steps out of its place is a bug upstream.
  if (segments.some((segment) => segment === '.' || segment === '..')) throw new Error(`Internal error: the route "${parts.join('/')}" has a "." or ".." part.`);
  return segments.length > 0 ? `/${segments.join('/')}/` : '/';
}

export const CATEGORY_FILES = ['_category_.json', '_category_.yml', '_category_.yaml'];

function readCategory(options: ContentOptions, dir: string, names: string[]): CategorySource {
  const folderName = dir.split('/').pop() ?? dir;
  const { position: prefixPosition, name } = parseNumberPrefix(folderName);
  const fileName = CATEGORY_FILES.find((candidate) => names.includes(candidate));
  const fallback: CategorySource = {
    dir, sortName: folderName, label: name, position: prefixPosition, description: undefined,
    indexRoute: undefined, linkDocId: undefined, collapsed: false, file: undefined, slugLine: undefined,
  };
  if (!fileName) return fallback;
  const absPath = join(options.docsDir, dir, fileName);
  const file = relative(options.root, absPath);
  const text = readSourceText(absPath, file);
  const data = fileName.endsWith('.json') ? parseJson(text, file) : parseYaml({ file, text, lineOffset: 0 });
  if (!isPlainObject(data)) {
    throw new BuildError({ file, line: 1 }, 'A category file must hold an object with at least a "label".', 'Write for example {"label": "Tunes", "position": 0}.');
  }
  const fields = new FieldReader(data, { file, text, lineOffset: 0 });
  fields.onlyKeys(['label', 'position', 'link', 'collapsed', 'collapsible', 'description', 'className']);
  const label = fields.string('label');
  const link = fields.optionalObject('link');
  let indexRoute: string | undefined;
  let slugLine: number | undefined;
  let linkDocId: string | undefined;
  let description = fields.optionalString('description');
  if (link) {
    link.onlyKeys(['type', 'slug', 'title', 'description', 'id']);
    const type = link.string('type');
    if (type === 'generated-index') {
      const slug = link.optionalString('slug');
      if (slug === undefined) indexRoute = joinRoute(options.docsPath, 'category', encodeSegment(slugify(label)));
      else {
        slugLine = lineOfKey(text, 'slug');
        indexRoute = authoredRoute(options.docsPath, [], slug.trim(), { file, line: slugLine }, 'slug');
      }
      description = link.optionalString('description') ?? description;
    } else if (type === 'doc') {
      linkDocId = link.string('id');
    } else {
      link.fail('type', `Unknown category link type "${type}".`, 'Use "generated-index" or "doc".');
    }
  }
  return {
    dir, sortName: folderName, label, position: fields.optionalNumber('position') ?? prefixPosition, description,
    indexRoute, linkDocId, collapsed: fields.optionalBoolean('collapsed') ?? false, file, slugLine,
  };
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    // Without a position ("Unexpected end of JSON input") the text stops too early: point at its end.
    const end = text.trimEnd().length;
    const line = lineAt(text, position ? Math.min(Number(position[1]), end) : end);
    // The line says where; the character offset ("in JSON at position 43") would only repeat it less readably.
    const problem = message.replace(/ in JSON at position \d+.*$/, '').replace(/\.$/, '');
    throw new BuildError({ file, line }, `Invalid JSON: ${problem}.`, 'Fix the JSON syntax (quotes around keys, no trailing comma).');
  }
}

/**
 * Each doc file's route. `npm start` keeps the map and patches it where the doc at an index is a new
 * object (PatchedMap, whose version then tells the transform whether any route changed): made anew,
 * the map and the transform's list of its pairs were ~75 ms of a save at 100,000 docs. Its order is
 * not the docs'.
 */
export function routesOfFiles(docs: DocSource[], kept: PatchedMap<DocSource, string, string> | undefined): ReadonlyMap<string, string> {
  return kept ? kept.of(docs, (doc) => doc.route) : new Map(docs.map((doc) => [doc.absPath, doc.route]));
}
