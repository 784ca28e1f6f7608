// Transform: a warning given once per page and kind (an unknown code language, math, Mermaid), at
// its first occurrence: a page with forty blocks in one unknown language needs one message, not forty.
import type { Location } from '../diagnostics.ts';
import type { PageState } from './page-state.ts';

const warned = new WeakMap<PageState, Set<string>>();

export function warnOnce(page: PageState, kind: string, where: Location, message: string): void {
  const kinds = warned.get(page) ?? new Set<string>();
  warned.set(page, kinds);
  if (kinds.has(kind)) return;
  kinds.add(kind);
  page.ctx.diagnostics.warn(where, message);
}
