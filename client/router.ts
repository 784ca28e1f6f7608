// Client-side navigation: same-site links fetch the next page and swap the content between navbar
// and footer, with history entries, scroll restoration, focus for screen readers and a progress
// bar for slow routes. A server error, a redirect or a page that does not come in time is left to
// the browser's own page load; when the network is down, the reader gets "Page Error" with "Retry".
import { IDS, NAVIGATION_TIMEOUT_MS, PAGE_HEAD_SELECTORS } from '../common/constants.ts';
import { fetchPage } from './prefetch.ts';
import { startProgress } from './progress.ts';
import { showCrash, showPageError } from './errors.ts';

export interface RouterHooks {
  /** Clean-up of the page modules before the content goes. */
  beforeSwap(): void;
  /** Initialise the page modules on the new content. */
  afterSwap(content: HTMLElement): void;
}

const CLEAN_PATH = /(?:\/index)?\.html$/;

export function baseUrl(): string {
  return document.documentElement.dataset.baseUrl ?? '/';
}

/** Links the router follows: same origin, under the base URL, not a file, no target, no download. */
export function isInternal(link: HTMLAnchorElement): boolean {
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  if (link.origin !== window.location.origin || !link.pathname.startsWith(baseUrl())) return false;
  return !/\.[a-z0-9]+$/i.test(link.pathname) || link.pathname.endsWith('.html');
}

/** "/docs/x.html" and "/docs/x/index.html" → "/docs/x/". */
export function cleanPath(pathname: string): string {
  if (!CLEAN_PATH.test(pathname) || pathname.endsWith('/404.html')) return pathname;
  return pathname.replace(CLEAN_PATH, '') + '/';
}

let current = 0; // the navigation in flight; an older one that finishes late is dropped
let index = 0; // this history entry's position, so scroll positions can be restored
let shown = ''; // path and query of the page on screen
const positions = new Map<number, { x: number; y: number }>();

/**
 * <html data-route> names the page whose content is on screen, set once all of it is there
 * (swapped in, scrolled, focused): what tests wait on after a navigation, since the address
 * changes first. With "Page Error" or a crash on screen, no page is, and it is removed.
 */
function showRoute(on: boolean): void {
  if (on) document.documentElement.dataset.route = shown;
  else delete document.documentElement.dataset.route;
}

export function init(hooks: RouterHooks): () => void {
  window.history.scrollRestoration = 'manual';
  const clean = cleanPath(window.location.pathname);
  const state = window.history.state as { index?: number } | null;
  index = state?.index ?? 0;
  window.history.replaceState({ index }, '', clean === window.location.pathname ? undefined : clean + window.location.search + window.location.hash);
  shown = window.location.pathname + window.location.search;
  showRoute(true);

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (!link || !isInternal(link)) return;
    const url = new URL(link.href);
    url.pathname = cleanPath(url.pathname);
    // A jump within the page stays with the browser.
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
    event.preventDefault();
    void navigate(url, hooks, 'push');
  };
  const onPop = (event: PopStateEvent) => {
    const state = event.state as { index?: number } | null;
    if (window.location.pathname + window.location.search === shown) {
      // A jump to an anchor of the page on screen (the browser has scrolled already). A new
      // anchor entry has no state yet: number it, so later back/forward restore positions right.
      if (state?.index === undefined) window.history.replaceState({ index: ++index }, '');
      else index = state.index;
      return;
    }
    positions.set(index, { x: window.scrollX, y: window.scrollY });
    index = state?.index ?? 0;
    void navigate(new URL(window.location.href), hooks, 'pop');
  };
  document.addEventListener('click', onClick);
  window.addEventListener('popstate', onPop);
  return () => {
    document.removeEventListener('click', onClick);
    window.removeEventListener('popstate', onPop);
  };
}

/** How a navigation came: a link click adds a history entry, back/forward and "Retry" are on theirs already. */
type Mode = 'push' | 'pop' | 'retry';

/**
 * The next page's HTML, or undefined when the browser should load it itself: a redirect (the
 * browser follows it and shows the final address), a server error (it may well be passing), or no
 * answer within NAVIGATION_TIMEOUT_MS. Rejects when the network fails.
 */
async function load(url: URL): Promise<string | undefined> {
  let timer = 0;
  const timeout = new Promise<undefined>((resolve) => {
    timer = window.setTimeout(resolve, NAVIGATION_TIMEOUT_MS);
  });
  const page = fetchPage(url.href).then((response) =>
    response.type === 'opaqueredirect' || response.status >= 500 ? undefined : response.text());
  try {
    return await Promise.race([page, timeout]);
  } finally {
    window.clearTimeout(timer);
  }
}

export async function navigate(url: URL, hooks: RouterHooks, mode: Mode): Promise<void> {
  const token = ++current;
  const progress = startProgress();
  let html: string | undefined;
  let reached = true;
  try {
    html = await load(url);
  } catch {
    reached = false;
  }
  if (token !== current) return progress.done();
  try {
    if (html === undefined) {
      // The network failed, or nothing came while offline: a full load cannot help either, so the
      // reader stays on the site with "Page Error" and "Retry". Otherwise the browser takes over.
      if (reached && navigator.onLine) {
        if (mode === 'push') window.location.assign(url.href);
        else window.location.replace(url.href); // this history entry has the address already
        return;
      }
      enter(url, mode);
      showRoute(false);
      markCurrent();
      showPageError(() => void navigate(url, hooks, 'retry'));
      return;
    }
    enter(url, mode);
    swap(new DOMParser().parseFromString(html, 'text/html'), hooks);
    scrollAfter(url, mode === 'pop' ? positions.get(index) : undefined);
    if (mode !== 'pop') document.getElementById(IDS.main)?.focus({ preventScroll: true });
    showRoute(true);
  } catch (error) {
    console.error(error);
    showRoute(false);
    showCrash(error);
  } finally {
    progress.done();
  }
}

/** The address names the page asked for, shown or not, as after the browser's own navigation. */
function enter(url: URL, mode: Mode): void {
  if (mode === 'push') {
    positions.set(index, { x: window.scrollX, y: window.scrollY });
    index += 1;
    window.history.pushState({ index }, '', url.href);
  }
  shown = url.pathname + url.search;
}

/** The sidebar marks the page in the address (the one that could not be shown); its categories open to it. */
function markCurrent(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.sidebar a[href]')) {
    const here = link.pathname === window.location.pathname;
    link.classList.toggle('menu__link--active', here);
    if (here) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
    for (let details = here ? link.closest('details') : null; details; details = details.parentElement?.closest('details') ?? null) details.open = true;
  }
}

/** Both pages are doc pages with the same sidebar, and the sidebar is in its column (not in the open menu). */
function keepSidebar(here: HTMLElement, next: HTMLElement): boolean {
  const current = here.querySelector<HTMLElement>('.docs-sidebar');
  const coming = next.querySelector<HTMLElement>('.docs-sidebar');
  return Boolean(current?.dataset.sidebar && current.dataset.sidebar === coming?.dataset.sidebar && current.querySelector('.sidebar') &&
    here.querySelector('.docs-main') && next.querySelector('.docs-main'));
}

/**
 * A new version of the page on screen (an author's edit under `npm start`), swapped in as a
 * navigation would, sidebar included (its labels may have changed); the reader stays where they were.
 */
export function swapInPlace(next: Document, hooks: RouterHooks): void {
  const { scrollX, scrollY } = window;
  swap(next, hooks, true);
  window.scrollTo(scrollX, scrollY);
}

function swap(next: Document, hooks: RouterHooks, wholePage = false): void {
  const content = next.getElementById(IDS.pageContent);
  const here = document.getElementById(IDS.pageContent);
  if (!content || !here) throw new Error('The page has no content to show.');
  hooks.beforeSwap();
  document.title = next.title;
  for (const selector of PAGE_HEAD_SELECTORS) {
    for (const old of document.head.querySelectorAll(selector)) old.remove();
    for (const fresh of next.head.querySelectorAll(selector)) document.head.append(document.importNode(fresh, true));
  }
  const version = next.body.dataset.docsVersion;
  if (version) document.body.dataset.docsVersion = version;
  else delete document.body.dataset.docsVersion;
  const panel = document.querySelector('.mobile-menu__panel');
  const nextPanel = next.querySelector('.mobile-menu__panel');
  if (!wholePage && keepSidebar(here, content)) {
    // The same sidebar: only the content column changes; the sidebar stays where it is (its
    // scroll position too) and marks the new page. Less to build and lay out than a whole swap.
    const main = here.querySelector('.docs-main');
    const nextMain = content.querySelector('.docs-main');
    if (main && nextMain) main.replaceWith(document.importNode(nextMain, true));
    markCurrent();
    if (panel && nextPanel) panel.replaceWith(document.importNode(nextPanel, true));
    hooks.afterSwap(here);
    return;
  }
  // Readers keep their place in the sidebar: its scroll position survives the swap. It is set
  // back after every other change, so the browser lays the new page out once, not once per step.
  const scrollers = [...document.querySelectorAll<HTMLElement>('.docs-sidebar, .docs-sidebar .sidebar')].map((el) => el.scrollTop);
  const imported = document.importNode(content, true);
  here.replaceWith(imported);
  if (panel && nextPanel) panel.replaceWith(document.importNode(nextPanel, true));
  hooks.afterSwap(imported);
  [...document.querySelectorAll<HTMLElement>('.docs-sidebar, .docs-sidebar .sidebar')].forEach((el, i) => {
    el.scrollTop = scrollers[i] ?? 0;
  });
}

function scrollAfter(url: URL, saved: { x: number; y: number } | undefined): void {
  if (saved) return window.scrollTo(saved.x, saved.y);
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}
