// The navbar search box: a combobox whose list of results updates as the reader types. The focus
// stays in the input; arrow keys move the active result, Enter opens it (through the router, since
// each result is a real link), Escape closes the list and then clears the box.
import { TEXTS } from '../../common/texts.ts';
import type { SearchHit } from './engine.ts';
import { renderHit } from './highlight.ts';
import { engineFor, searchPageUrl } from './shared.ts';

/** Results shown in the list; the search page shows more. */
const BOX_LIMIT = 8;

export function mountBox(form: HTMLFormElement): void {
  if (form.dataset.searchMounted) return;
  form.dataset.searchMounted = 'true';
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  const popup = form.querySelector<HTMLElement>('.search-popup');
  const list = form.querySelector<HTMLElement>('[role="listbox"]');
  const status = form.querySelector<HTMLElement>('.search-popup__status');
  const all = form.querySelector<HTMLAnchorElement>('.search-popup__all');
  const live = form.querySelector<HTMLElement>('[role="status"]');
  const indexUrl = form.dataset.searchIndex;
  if (!input || !popup || !list || !status || !all || !live || !indexUrl) return;
  let active = -1;
  let token = 0;

  const options = () => [...list.querySelectorAll<HTMLAnchorElement>('[role="option"]')];
  const setOpen = (open: boolean) => {
    popup.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (!open) setActive(-1);
  };
  const setActive = (next: number) => {
    const items = options();
    active = items.length === 0 ? -1 : next;
    items.forEach((item, i) => item.setAttribute('aria-selected', String(i === active)));
    const current = items[active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  };
  const show = (query: string, hits: SearchHit[], total: number) => {
    list.replaceChildren(...hits.map((hit, i) => {
      const item = document.createElement('li');
      item.setAttribute('role', 'presentation');
      const link = document.createElement('a');
      link.id = `${list.id}-${i}`;
      link.className = 'search-hit';
      link.href = hit.url;
      link.tabIndex = -1;
      link.setAttribute('role', 'option');
      link.setAttribute('aria-selected', 'false');
      renderHit(link, hit);
      item.append(link);
      return item;
    }));
    list.hidden = hits.length === 0;
    status.textContent = hits.length === 0 ? TEXTS.noResults : '';
    status.hidden = hits.length > 0;
    all.href = searchPageUrl(form, query);
    all.hidden = hits.length === 0;
    live.textContent = hits.length === 0 ? TEXTS.noResults : TEXTS.documentsFound(total);
    // Which query the list answers: results arrive asynchronously, a late one must be recognisable.
    popup.dataset.query = query;
    setActive(-1);
    setOpen(true);
  };

  const run = async () => {
    const query = input.value.trim();
    const mine = ++token;
    if (!query) return setOpen(false);
    try {
      const engine = await engineFor(indexUrl);
      const { hits, total } = await engine.search(query, BOX_LIMIT);
      if (mine === token) show(query, hits, total);
    } catch (error) {
      console.error(error);
      if (mine !== token) return;
      list.hidden = true;
      all.hidden = true;
      status.hidden = false;
      status.textContent = TEXTS.searchLoadFailed;
      live.textContent = TEXTS.searchLoadFailed;
      setOpen(true);
    }
  };

  input.addEventListener('input', () => void run());
  input.addEventListener('focus', () => {
    if (input.value.trim()) void run();
  });
  input.addEventListener('keydown', (event) => {
    const count = options().length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (popup.hidden) return void run();
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const target = options()[active] ?? (popup.hidden || all.hidden ? undefined : all);
      if (target) target.click();
      else if (input.value.trim()) window.location.assign(searchPageUrl(form, input.value.trim()));
    } else if (event.key === 'Escape') {
      // Our own steps instead of the search field's built-in clear: close first, then clear, then leave.
      event.preventDefault();
      if (!popup.hidden) setOpen(false);
      else if (input.value) input.value = '';
      else input.blur();
    }
  });
  // A chosen result or "See all results" leaves the box closed and the page focused.
  popup.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) {
      setOpen(false);
      input.blur();
    }
  });
  // Keep the list open while the pointer is on it, so a click reaches the link.
  popup.addEventListener('mousedown', (event) => event.preventDefault());
  form.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) setOpen(false);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (input.value.trim()) window.location.assign(searchPageUrl(form, input.value.trim()));
  });
  void run();
}
