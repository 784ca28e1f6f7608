// The one engine a page uses, opened on first use; a failed download is retried on the next query.
import { SearchEngine } from './engine.ts';

let opening: { url: string; engine: Promise<SearchEngine> } | undefined;

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

export function engineFor(indexUrl: string): Promise<SearchEngine> {
  if (opening?.url !== indexUrl) {
    const engine = SearchEngine.open(indexUrl, fetchJson);
    opening = { url: indexUrl, engine };
    engine.catch(() => {
      if (opening?.engine === engine) opening = undefined;
    });
  }
  return opening.engine;
}

export function searchPageUrl(form: HTMLFormElement, query: string): string {
  const url = new URL(form.action, window.location.href);
  url.search = query ? `?q=${encodeURIComponent(query)}` : '';
  return url.href;
}
