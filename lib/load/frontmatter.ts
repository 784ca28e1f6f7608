// Load, front matter: the YAML block between two "---" lines at the top of a markdown file.
import { parseYaml } from './config.ts';
import { BuildError, type Diagnostics } from '../diagnostics.ts';
import { FieldReader, isPlainObject } from './fields.ts';

export interface FrontMatter {
  title?: string | undefined;
  description?: string | undefined;
  sidebarLabel?: string | undefined;
  sidebarPosition?: number | undefined;
  slug?: string | undefined;
  tags: string[];
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
}

export interface SplitMarkdown {
  frontMatter: FrontMatter;
  body: string;
  /** Lines before the body in the file, so body line N is file line N + bodyLineOffset. */
  bodyLineOffset: number;
}

const KNOWN_KEYS = ['title', 'description', 'sidebar_label', 'sidebar_position', 'slug', 'tags',
  'hide_table_of_contents', 'toc_min_heading_level', 'toc_max_heading_level', 'sidebar_exclude', 'changelog', 'id', 'displayed_sidebar'];
/** Keys other tools accept that we deliberately ignore: a warning, not an error, so such docs still build. */
const IGNORED_KEYS = ['keywords', 'image', 'pagination_label', 'custom_edit_url', 'draft', 'last_update', 'sidebar_class_name', 'hide_title'];

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function splitFrontMatter(text: string, file: string, diagnostics: Diagnostics): SplitMarkdown {
  const match = FENCE.exec(text);
  if (!match) {
    if (/^---[ \t]*\r?\n/.test(text)) {
      throw new BuildError({ file, line: 1 }, 'The front matter is not closed.', 'Add a line "---" after the last front matter key.');
    }
    return { frontMatter: readFrontMatter({}, file, '', diagnostics), body: text, bodyLineOffset: 0 };
  }
  const yamlText = match[1] ?? '';
  const data = yamlText.trim() === '' ? {} : parseYaml({ file, text: yamlText, lineOffset: 1 });
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
    if (IGNORED_KEYS.includes(key)) {
      diagnostics.warn({ file }, `Front matter key "${key}" is not used by this generator and is ignored.`);
    } else if (!KNOWN_KEYS.includes(key)) {
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
  return {
    title: fields.optionalString('title'),
    description: fields.optionalString('description'),
    sidebarLabel: fields.optionalString('sidebar_label'),
    sidebarPosition: fields.optionalNumber('sidebar_position'),
    slug: fields.optionalString('slug'),
    tags: fields.optionalStringList('tags') ?? [],
    hideTableOfContents: fields.optionalBoolean('hide_table_of_contents') ?? false,
    tocMinLevel,
    tocMaxLevel,
    sidebarExclude: fields.optionalBoolean('sidebar_exclude') ?? false,
    changelog: fields.optionalBoolean('changelog') ?? false,
    id: readId(fields),
    displayedSidebar: fields.optionalString('displayed_sidebar'),
  };
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
