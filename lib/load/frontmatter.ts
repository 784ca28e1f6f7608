// Load, front matter: the YAML block between two "---" lines at the top of a markdown file.
import { parseYaml } from './config.ts';
import { readSimpleYaml } from './simple-yaml.ts';
import { BuildError, lineOfKey, type Diagnostics } from '../diagnostics.ts';
import { describe, FieldReader, isPlainObject } from './fields.ts';
import { routeSegments } from './route-path.ts';

/** A tag as written: a label, or Docusaurus's `{label, permalink}` with its own path under the tags route. */
export interface FrontMatterTag {
  label: string;
  /** Path segments under the tags route, already checked to be a safe route ("/image-models" → ["image-models"]). */
  permalink?: string[] | undefined;
  /** Written as a text ("releases"), not as an object: a key of a Docusaurus tags file may name it (lib/load/docusaurus/tags-file.ts). */
  plain: boolean;
}

export interface FrontMatter {
  title?: string | undefined;
  description?: string | undefined;
  sidebarLabel?: string | undefined;
  sidebarPosition?: number | undefined;
  slug?: string | undefined;
  tags: FrontMatterTag[];
  /** Words and phrases readers may search for that the page's text need not use: indexed for search and listed in `<meta name="keywords">`. */
  keywords: string[];
  hideTableOfContents: boolean;
  tocMinLevel?: number | undefined;
  tocMaxLevel?: number | undefined;
  /** Docusaurus's doc id: replaces the file name (without number prefix) in the doc's id and route. */
  id?: string | undefined;
  /** Docusaurus: the sidebar (of a sidebars file) the page shows, whichever sidebar lists it. */
  displayedSidebar?: string | undefined;
  /** Our extension: a page of the docs shell that is not listed in the sidebar (the /docs/ landing page). */
  sidebarExclude: boolean;
  /** Our extension: the page is a changelog of dated entries, published as Atom and JSON feeds. */
  changelog: boolean;
  /** Shown by `npm start` only: a production build leaves the page out. */
  draft: boolean;
  /** Built, but reached by its address only: not in the sidebar, sitemap, search, tag pages or llms.txt, and marked noindex. */
  unlisted: boolean;
  /** The link-preview image of this page: a path beside the file, a site path ("/img/x.png") or an https URL. */
  image?: string | undefined;
  /** "Edit this page" goes here instead of docs.editUrl + the file; null: the page has no edit link. */
  customEditUrl?: string | null | undefined;
  /** The doc id that "Next"/"Previous" lead to instead of the sidebar's neighbour; null: none. */
  paginationNext?: string | null | undefined;
  paginationPrev?: string | null | undefined;
  /** The page's label in other pages' "Next"/"Previous" links. */
  paginationLabel?: string | undefined;
  /** Hides the title the page shows from front matter (a markdown "# Heading" stays). */
  hideTitle: boolean;
  /** Overrides "Last updated": the day (YYYY-MM-DD) and who made the change. */
  lastUpdate?: { date?: string | undefined; author?: string | undefined } | undefined;
  /** Class names of the page's sidebar item. */
  sidebarClassName?: string | undefined;
  /**
   * Docusaurus's `format`: "md" reads the page as CommonMark (no imports, JSX or braces), "mdx" as
   * MDX; "detect" (or absent) goes by the file's extension (lib/transform/markdown.ts).
   */
  format?: MarkdownFormat | undefined;
  /** File lines of the keys that later stages report problems with (pagination ids, the image). */
  lines: { image?: number | undefined; paginationNext?: number | undefined; paginationPrev?: number | undefined };
}

export type MarkdownFormat = 'md' | 'mdx' | 'detect';

export interface SplitMarkdown {
  frontMatter: FrontMatter;
  body: string;
  /** Lines before the body in the file, so body line N is file line N + bodyLineOffset. */
  bodyLineOffset: number;
}

const KNOWN_KEYS = ['title', 'description', 'sidebar_label', 'sidebar_position', 'slug', 'tags', 'keywords',
  'hide_table_of_contents', 'toc_min_heading_level', 'toc_max_heading_level', 'sidebar_exclude', 'changelog',
  'draft', 'unlisted', 'image', 'custom_edit_url', 'pagination_next', 'pagination_prev', 'pagination_label', 'hide_title',
  'last_update', 'sidebar_class_name', 'sidebar_custom_props', 'parse_number_prefixes', 'id', 'displayed_sidebar', 'format'];

// The block may be empty ("---" right after "---").
const FENCE = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

export function splitFrontMatter(text: string, file: string, diagnostics: Diagnostics): SplitMarkdown {
  const match = FENCE.exec(text);
  if (!match) {
    if (/^---[ \t]*\r?\n/.test(text)) {
      throw new BuildError({ file, line: 1 }, 'The front matter is not closed.', 'Add a line "---" after the last front matter key.');
    }
    return { frontMatter: readFrontMatter({}, file, '', diagnostics), body: text, bodyLineOffset: 0 };
  }
  const yamlText = match[1] ?? '';
  // A block of blank lines and comments only ("# tags: [later]") is an empty front matter, as in
  // Docusaurus; the YAML parser would call it a missing document. Most blocks are a few lines of
  // the simplest forms, read without the YAML parser (simple-yaml.ts).
  const data = /^(?:[ \t]*(?:#.*)?(?:\r?\n|$))*$/.test(yamlText) ? {}
    : readSimpleYaml(yamlText) ?? parseYaml({ file, text: yamlText, lineOffset: 1 });
  if (!isPlainObject(data)) {
    throw new BuildError({ file, line: 2 }, 'The front matter must be a YAML mapping of keys to values.',
      'Write one "key: value" per line, for example "title: Create a tune".');
  }
  const consumed = match[0];
  const bodyLineOffset = consumed.split('\n').length - 1;
  return { frontMatter: readFrontMatter(data, file, yamlText, diagnostics), body: text.slice(consumed.length), bodyLineOffset };
}

function readFrontMatter(data: Record<string, unknown>, file: string, text: string, diagnostics: Diagnostics): FrontMatter {
  const fields = new FieldReader(data, { file, text, lineOffset: 1 });
  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.includes(key)) {
      fields.fail(key, `Unknown front matter key "${key}".`, `Use one of: ${KNOWN_KEYS.join(', ')}.`);
    }
  }
  const level = (key: string) => {
    const value = fields.optionalNumber(key);
    if (value !== undefined && (!Number.isInteger(value) || value < 2 || value > 6)) {
      fields.fail(key, `"${key}" must be a heading level from 2 to 6 (it is ${value}).`, 'Use 2, 3, 4, 5 or 6.');
    }
    return value;
  };
  const tocMinLevel = level('toc_min_heading_level');
  const tocMaxLevel = level('toc_max_heading_level');
  if (tocMinLevel !== undefined && tocMaxLevel !== undefined && tocMinLevel > tocMaxLevel) {
    fields.fail('toc_min_heading_level', 'toc_min_heading_level is larger than toc_max_heading_level.', 'Swap the two values.');
  }
  // Only a key that is set: its line is read only to report a problem with its value, and finding
  // it compiles a regular expression (0.1 s of a 10,000-page build's load, for keys most docs lack).
  const lineOf = (key: string) => {
    if (data[key] === undefined) return undefined;
    const local = lineOfKey(text, key);
    return local === undefined ? undefined : local + 1;
  };
  if (data.parse_number_prefixes !== undefined && data.parse_number_prefixes !== true) {
    fields.fail('parse_number_prefixes', '"parse_number_prefixes: false" is not supported: this generator always reads number prefixes of file names.',
      'Remove the key, and rename the file if its leading digits are part of its name (e.g. "2024-notes.md" keeps them).');
  }
  return {
    title: fields.optionalString('title'),
    description: fields.optionalString('description'),
    sidebarLabel: fields.optionalString('sidebar_label'),
    sidebarPosition: fields.optionalNumber('sidebar_position'),
    slug: fields.optionalString('slug'),
    tags: readTags(fields),
    keywords: fields.optionalStringList('keywords') ?? [],
    hideTableOfContents: fields.optionalBoolean('hide_table_of_contents') ?? false,
    tocMinLevel,
    tocMaxLevel,
    sidebarExclude: fields.optionalBoolean('sidebar_exclude') ?? false,
    changelog: fields.optionalBoolean('changelog') ?? false,
    draft: fields.optionalBoolean('draft') ?? false,
    unlisted: fields.optionalBoolean('unlisted') ?? false,
    image: fields.optionalString('image'),
    customEditUrl: readEditUrl(fields, data),
    paginationNext: data.pagination_next === null ? null : fields.optionalString('pagination_next'),
    paginationPrev: data.pagination_prev === null ? null : fields.optionalString('pagination_prev'),
    paginationLabel: fields.optionalString('pagination_label'),
    hideTitle: fields.optionalBoolean('hide_title') ?? false,
    lastUpdate: readLastUpdate(fields),
    sidebarClassName: readClassName(fields),
    lines: keyLines(lineOf('image'), lineOf('pagination_next'), lineOf('pagination_prev')),
    id: readId(fields),
    displayedSidebar: fields.optionalString('displayed_sidebar'),
    format: readFormat(fields),
  };
}

/** The lines of a front matter without the keys `lines` notes: one object for every such doc (a large site keeps every doc's). */
const NO_KEY_LINES: FrontMatter['lines'] = Object.freeze({ image: undefined, paginationNext: undefined, paginationPrev: undefined });

function keyLines(image: number | undefined, paginationNext: number | undefined, paginationPrev: number | undefined): FrontMatter['lines'] {
  return image === undefined && paginationNext === undefined && paginationPrev === undefined ? NO_KEY_LINES : { image, paginationNext, paginationPrev };
}

/**
 * An empty list that stays empty, shared where a build keeps many (a compact front matter's
 * defaults, a kept doc's lists, lib/runtime/spill.ts): a list of its own is ~30 bytes each.
 */
export const NO_ITEMS = Object.freeze([]) as unknown as never[];

export const isEmptyList = (value: unknown): boolean => Array.isArray(value) && value.length === 0;

/**
 * What a key holds when the front matter leaves it out, for every key that is not simply
 * undefined then: the prototype of a compact front matter (compactFrontMatter). Not frozen: a
 * frozen prototype's keys could not be set on the objects made from it.
 */
const FRONT_MATTER_DEFAULTS: FrontMatter = {
  tags: NO_ITEMS, keywords: NO_ITEMS, hideTableOfContents: false, sidebarExclude: false, changelog: false, draft: false, unlisted: false, hideTitle: false, lines: NO_KEY_LINES,
};

/**
 * The same front matter holding only the keys it sets, over a prototype with every other key's
 * value (property reads see the same values; spread and Object.keys see only the keys set). A
 * production build keeps every doc's front matter from the transform until its page renders,
 * for the few keys read then: with all ~27 keys, ~230 bytes a doc, most of them for keys not
 * written (lib/runtime/spill.ts, spilledDoc).
 */
export function compactFrontMatter(frontMatter: FrontMatter): FrontMatter {
  const compact = Object.create(FRONT_MATTER_DEFAULTS) as Record<string, unknown>;
  for (const [key, value] of Object.entries(frontMatter)) {
    const unset = value === undefined || value === false || value === NO_KEY_LINES || isEmptyList(value);
    if (!unset) compact[key] = value;
  }
  return compact as unknown as FrontMatter;
}

/** Tags as labels or as `{label, permalink}`; a permalink is a path under the tags route and must stay there. */
function readTags(fields: FieldReader): FrontMatterTag[] {
  const value = fields.data.tags;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return fields.fail('tags', `"tags" must be a list of texts or of {label, permalink}, but it is ${describe(value)}.`, 'Write "tags: [flux, fine-tuning]".');
  return value.map((item): FrontMatterTag => {
    if (typeof item === 'string' && item.trim() !== '') return { label: item, plain: true };
    if (!isPlainObject(item)) return fields.fail('tags', '"tags" must be a list of texts or of {label, permalink}.', 'Write each tag as a text, or as {label: Flux, permalink: /flux}.');
    const tag = new FieldReader(item, fields.source, 'tags[]');
    tag.onlyKeys(['label', 'permalink', 'description']);
    const label = tag.string('label');
    const permalink = tag.optionalString('permalink');
    if (permalink === undefined) return { label, plain: false };
    const checked = routeSegments(permalink.trim());
    if ('problem' in checked || checked.segments.length === 0) {
      return tag.fail('permalink', `The tag permalink "${permalink}" ${'problem' in checked ? checked.problem : 'is empty'}.`,
        'Write a path of names under the tags page, e.g. "permalink: /image-models".');
    }
    return { label, permalink: checked.segments, plain: false };
  });
}

/** A web address for "Edit this page"; null hides the link (Docusaurus's meaning). */
function readEditUrl(fields: FieldReader, data: Record<string, unknown>): string | null | undefined {
  if (data.custom_edit_url === null) return null;
  const url = fields.optionalString('custom_edit_url');
  if (url !== undefined && !/^https?:\/\/[^\s]+$/.test(url)) {
    fields.fail('custom_edit_url', `"custom_edit_url" must be an http(s) address (it is "${url}").`,
      'Write the full address of the file in the repository, or null to show no edit link.');
  }
  return url;
}

/** `{date, author}`: the date as YAML reads a day (2026-03-01) or as a text any date parser reads. */
function readLastUpdate(fields: FieldReader): FrontMatter['lastUpdate'] {
  const update = fields.optionalObject('last_update');
  if (!update) return undefined;
  update.onlyKeys(['date', 'author']);
  const raw = update.data.date;
  let date: string | undefined;
  if (raw !== undefined && raw !== null) {
    const parsed = raw instanceof Date ? raw : typeof raw === 'string' ? new Date(raw) : undefined;
    if (!parsed || Number.isNaN(parsed.getTime())) {
      return update.fail('date', `"last_update.date" is not a date (${JSON.stringify(raw)}).`, 'Write a day such as 2026-03-01.');
    }
    date = parsed.toISOString().slice(0, 10);
  }
  return { date, author: update.optionalString('author') };
}

/** Class names for the sidebar item: CSS identifiers only, since the value lands in the page's markup. */
function readClassName(fields: FieldReader): string | undefined {
  const value = fields.optionalString('sidebar_class_name');
  if (value !== undefined && !/^\s*-?[_a-zA-Z][\w-]*(\s+-?[_a-zA-Z][\w-]*)*\s*$/.test(value)) {
    fields.fail('sidebar_class_name', `"sidebar_class_name" must be class names separated by spaces (it is "${value}").`, 'Use letters, digits, "-" and "_", e.g. "sidebar-beta".');
  }
  return value?.trim().replace(/\s+/g, ' ');
}

function readFormat(fields: FieldReader): MarkdownFormat | undefined {
  const format = fields.optionalString('format');
  if (format !== undefined && format !== 'md' && format !== 'mdx' && format !== 'detect') {
    fields.fail('format', `"format" must be md, mdx or detect (it is "${format}").`, 'Write "format: md" to read the page as plain Markdown, "format: mdx" for MDX, or remove the key.');
  }
  return format;
}

/** Front matter `id`: one name, as Docusaurus requires (it replaces the file name in the doc's id and route). */
function readId(fields: FieldReader): string | undefined {
  const id = fields.optionalString('id')?.trim();
  if (id === undefined) return undefined;
  if (id === '' || id === '.' || id === '..' || /[/\\\u0000-\u001f\u007f]/.test(id)) {
    fields.fail('id', `The doc id "${id}" is not a single name.`, 'Write a name without "/" (the folder is part of the id already), e.g. "id: quickstart".');
  }
  return id;
}
