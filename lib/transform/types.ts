// Transform: what a page's markdown is transformed with (MarkdownContext) and what it gives back
// (TransformedMarkdown): the HTML and what the later stages need from the page.
import type { ChangeEntry } from './changelog.ts';
import type { MarkdownItem } from '../check/sample-items.ts';
import type { Diagnostics } from '../diagnostics.ts';
import type { SiteConfig } from '../load/config.ts';
import type { MarkdownFormat } from '../load/frontmatter.ts';
import type { ApiDescription } from '../openapi-model.ts';

export interface TocItem {
  level: number;
  id: string;
  /** Inline HTML of the heading (code spans kept), without the anchor link and without the heading's own links (the entry is a link). */
  html: string;
  text: string;
}

/** An internal link found in content, checked once every route is known. */
export interface LinkRef {
  /** Route without base URL, e.g. "/docs/changes/". */
  route: string;
  hash: string | undefined;
  file: string;
  line: number | undefined;
}

export interface MarkdownContext {
  /** Source path relative to the project root, for messages. */
  file: string;
  absPath: string;
  /** Route of the page the markdown becomes. */
  route: string;
  bodyLineOffset: number;
  baseUrl: string;
  /** Route of the doc at an absolute markdown file path, if that file is a doc. */
  resolveDocFile(absPath: string): string | undefined;
  /** See DocLinks (lib/transform/link-target.ts): links relative to the docs folder, dotted doc routes. */
  docsDir?: string | undefined;
  isDocRoute?(route: string): boolean;
  /** Copies a local image into the site's assets and returns its URL (base URL included), or undefined if missing; throws AssetRejected for a file the site will not publish. */
  addAsset(absPath: string): { url: string; width?: number | undefined; height?: number | undefined } | undefined;
  diagnostics: Diagnostics;
  /** The API description, for "::operation id" blocks. */
  api?: ApiDescription | undefined;
  /** Origins that raw <iframe> may embed (site.yml "embeds"); none when absent. */
  embeds?: readonly string[] | undefined;
  /** site.yml "markdown": the site's own admonition types; none when absent. */
  markdown?: SiteConfig['markdown'] | undefined;
  /**
   * The page's front matter `format`: "md" is CommonMark without MDX (imports and braces are text,
   * HTML goes through the raw-HTML policy), "mdx" is MDX throughout; "detect" is by extension,
   * "md" for a .md file. Absent: an .mdx file is MDX, and a .md file gets the MDX that Docusaurus 3
   * reads in it (imports, components, comments in braces) while its other braces stay text.
   */
  format?: MarkdownFormat | undefined;
  /** A changelog page: its dated list entries get anchors and feed entries (lib/transform/changelog.ts). */
  changelog?: boolean | undefined;
}

export interface TransformedMarkdown {
  html: string;
  /** Text of the first h1, if the content has one. */
  h1: string | undefined;
  /** Plain text of the first paragraph, the description fallback. */
  firstParagraph: string | undefined;
  /** Every h2–h6 with an id, in order; the page picks its table-of-contents levels. */
  headings: TocItem[];
  links: LinkRef[];
  /** Every id an in-page link can target. */
  anchors: string[];
  /** operationIds shown by "::operation" blocks. */
  operations: string[];
  /** A changelog's dated entries, newest first (empty for other pages). */
  changes: ChangeEntry[];
  /** What the sample check reads of the page (with an API description; undefined when it must read the page itself). */
  samples: MarkdownItem[] | undefined;
}
