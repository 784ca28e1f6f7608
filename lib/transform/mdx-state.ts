// Transform, MDX: what the MDX extensions of one page share: the names its import blocks bind,
// and which unsupported constructs were already reported (one warning per kind and file).
import type { Location } from '../diagnostics.ts';
import type { PageState } from './page-state.ts';
import type { MarkdownContext } from './types.ts';

export interface MdxState {
  /** Local name → module it is imported from ("Tabs" → "@theme/Tabs", "logo" → "./logo.png"). */
  readonly imports: Map<string, string>;
  readonly reported: Set<string>;
}

const states = new WeakMap<PageState, MdxState>();

export function mdxState(page: PageState): MdxState {
  let state = states.get(page);
  if (!state) {
    state = { imports: new Map(), reported: new Set() };
    states.set(page, state);
  }
  return state;
}

/** Warns once per key and file: a page full of one unsupported component gets one message, at its first use. */
export function warnOnce(page: PageState, key: string, where: Location, message: string): void {
  const state = mdxState(page);
  if (state.reported.has(key)) return;
  state.reported.add(key);
  page.ctx.diagnostics.warn(where, message);
}

// Pages read as MDX: a brace in their text opens JavaScript (in other pages only a comment in braces does).
// Front matter `format` decides first; "detect" and no format go by the extension, as in Docusaurus.
export function isMdxFile(page: PageState): boolean {
  const { format, absPath } = page.ctx;
  return format === 'mdx' || (format !== 'md' && absPath.endsWith('.mdx'));
}

/** A page read as CommonMark (front matter "format: md", or "detect" on a .md file): no MDX at all. */
export function isCommonMark(ctx: MarkdownContext): boolean {
  return ctx.format === 'md' || (ctx.format === 'detect' && !ctx.absPath.endsWith('.mdx'));
}
