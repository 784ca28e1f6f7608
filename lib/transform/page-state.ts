// Transform: what the markdown extensions of one page share while it is transformed
// (lib/transform/markdown.ts makes one per page): the page's context, the file line of every token,
// and what the later stages need from the page (its h1, first paragraph, headings, links, anchors,
// operations, changelog entries).
import type { Tokens } from 'marked';
import type { Location } from '../diagnostics.ts';
import { createHeadingSlugger } from '../slug.ts';
import type { ChangeEntry, ChangeEntryMark } from './changelog.ts';
import type { LinkRef, MarkdownContext, TocItem } from './types.ts';

export interface PageState {
  readonly ctx: MarkdownContext;
  /** The file line of every token (marked keeps only `raw`), recorded by lib/transform/token-lines.ts. */
  readonly lineOf: WeakMap<object, number>;
  /** Headings written with "{#id}", by token. */
  readonly explicitIds: WeakMap<object, string>;
  readonly headings: TocItem[];
  readonly links: LinkRef[];
  readonly anchors: string[];
  readonly slugger: ReturnType<typeof createHeadingSlugger>;
  /** Ids given so far, so that a second "{#same}" is reported (a link would reach only the first). */
  readonly ids: Set<string>;
  readonly operations: string[];
  /** The page says what its operations do before the first one: their blocks leave the description out. */
  operationsIntroduced: boolean;
  h1: string | undefined;
  firstParagraph: string | undefined;
  /** Each table's scroll region is a landmark, so it needs a name of its own: the heading above it. */
  sectionTitle: string | undefined;
  readonly tableLabels: Map<string, number>;
  imagesSeen: number;
  changeMarks: Map<Tokens.ListItem, ChangeEntryMark> | undefined;
  readonly changes: ChangeEntry[];
}

export function createPageState(ctx: MarkdownContext): PageState {
  return {
    ctx,
    lineOf: new WeakMap(),
    explicitIds: new WeakMap(),
    headings: [],
    links: [],
    anchors: [],
    slugger: createHeadingSlugger(),
    ids: new Set(),
    operations: [],
    operationsIntroduced: false,
    h1: undefined,
    firstParagraph: undefined,
    sectionTitle: undefined,
    tableLabels: new Map(),
    imagesSeen: 0,
    changeMarks: undefined,
    changes: [],
  };
}

/** The page's file and the token's line, for a BuildError or a warning. */
export function at(page: PageState, token: object): Location {
  return { file: page.ctx.file, line: page.lineOf.get(token) };
}
