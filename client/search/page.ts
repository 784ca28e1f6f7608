// The /search/ page: reads ?q= so a search can be linked and shared, lists every result, and keeps
// the address in step with the box while the reader refines the query.
import { TEXTS } from '../../common/texts.ts';
import { renderHit } from './highlight.ts';
import { engineFor } from './shared.ts';

const PAGE_LIMIT = 50;
const TYPING_DELAY_MS = 200;

export function mountPage(root: HTMLElement): () => void {
  const form = root.querySelector<HTMLFormElement>('form');
  const input = form?.querySelector<HTMLInputElement>('input[type="search"]');
  const heading = root.querySelector<HTMLElement>('h1');
  const count = root.querySelector<HTMLElement>('.search-page__count');
  const list = root.querySelector<HTMLOListElement>('.search-page__results');
  const empty = root.querySelector<HTMLElement>('.search-page__empty');
  const indexUrl = root.dataset.searchIndex;
  if (!form || !input || !heading || !count || !list || !empty || !indexUrl) return () => undefined;
  let token = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async (query: string) => {
    const mine = ++token;
    heading.textContent = query ? TEXTS.searchResultsFor(query) : TEXTS.searchPageTitle;
    if (!query) {
      list.replaceChildren();
      count.textContent = '';
      empty.hidden = true;
      return;
    }
    try {
      const { hits, total } = await (await engineFor(indexUrl, { allPostings: true })).search(query, PAGE_LIMIT);
      if (mine !== token) return;
      list.replaceChildren(...hits.map((hit) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.className = 'search-hit';
        link.href = hit.url;
        renderHit(link, hit);
        item.append(link);
        return item;
      }));
      count.textContent = total === 0 ? TEXTS.noDocuments : TEXTS.documentsFound(total);
      empty.hidden = total > 0;
    } catch (error) {
      console.error(error);
      if (mine === token) count.textContent = TEXTS.searchLoadFailed;
    }
  };
  const update = () => {
    const query = input.value.trim();
    const url = new URL(window.location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url.href);
    void run(query);
  };
  const onInput = () => {
    clearTimeout(timer);
    timer = setTimeout(update, TYPING_DELAY_MS);
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    clearTimeout(timer);
    update();
  };
  input.addEventListener('input', onInput);
  form.addEventListener('submit', onSubmit);
  input.value = new URLSearchParams(window.location.search).get('q') ?? '';
  void run(input.value.trim());
  return () => {
    clearTimeout(timer);
    token += 1;
    input.removeEventListener('input', onInput);
    form.removeEventListener('submit', onSubmit);
  };
}
