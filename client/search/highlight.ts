// Result text with the matched words marked. Built from text nodes and <mark> elements only, so a
// title, an excerpt or a query holding markup shows as text and never becomes HTML.
import type { SearchHit } from './engine.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function highlighted(text: string, terms: string[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const words = terms.filter(Boolean).sort((a, b) => b.length - a.length).map(escapeRegExp);
  if (words.length === 0) {
    fragment.append(text);
    return fragment;
  }
  // Whole words or word starts, whatever the case: "lora" marks "LoRA" and "LoRAs".
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.join('|')})`, 'giu');
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    fragment.append(text.slice(last, match.index));
    const mark = document.createElement('mark');
    mark.textContent = match[0];
    fragment.append(mark);
    last = match.index + match[0].length;
  }
  fragment.append(text.slice(last));
  return fragment;
}

function part(className: string, text: string, terms: string[]): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className;
  span.append(highlighted(text, terms));
  return span;
}

/** Fills a result element: page title, section heading (when the hit is a section) and excerpt. */
export function renderHit(target: HTMLElement, hit: SearchHit): void {
  target.append(part('search-hit__title', hit.title, hit.terms));
  if (hit.heading) target.append(part('search-hit__heading', hit.heading, hit.terms));
  if (hit.excerpt) target.append(part('search-hit__excerpt', hit.excerpt, hit.terms));
}
