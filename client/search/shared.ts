// The engines a page uses, opened on first use; a failed download is retried on the next query.
// The search box's loads a common word's best-weighted sections only, so that a first query stays
// small on a large site; the search page's (all results) loads all of them, so that its list and
// its count are the whole index's.
import { SearchEngine, type EngineOptions } from './engine.ts';

const opening = new Map<boolean, { url: string; engine: Promise<SearchEngine> }>();

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

export function engineFor(indexUrl: string, options: EngineOptions = {}): Promise<SearchEngine> {
  const all = options.allPostings === true;
  let open = opening.get(all);
  if (open?.url !== indexUrl) {
    const engine = SearchEngine.open(indexUrl, fetchJson, options);
    open = { url: indexUrl, engine };
    opening.set(all, open);
    engine.catch(() => {
      if (opening.get(all)?.engine === engine) opening.delete(all);
    });
  }
  return open.engine;
}

export function searchPageUrl(form: HTMLFormElement, query: string): string {
  const url = new URL(form.action, window.location.href);
  url.search = query ? `?q=${encodeURIComponent(query)}` : '';
  return url.href;
}
