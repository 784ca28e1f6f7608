// Loads the search module on first use: the first focus of a search box, Ctrl+K / ⌘K or "/", the
// navbar's search button on narrow screens, or the search page. Until then a page carries only
// these few lines of search code.
import { IDS } from '../common/constants.ts';
import { TEXTS } from '../common/texts.ts';

interface SearchModule {
  mountBox(form: HTMLFormElement): void;
  mountPage(root: HTMLElement): () => void;
}

let loading: Promise<SearchModule> | undefined;

function load(scriptUrl: string): Promise<SearchModule> {
  loading ??= import(scriptUrl) as Promise<SearchModule>;
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function mountBox(form: HTMLFormElement): void {
  const script = form.dataset.searchScript;
  if (!script || form.dataset.searchMounted) return;
  load(script).then((module) => module.mountBox(form), (error: unknown) => console.error(error));
}

function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** Focuses the search box the reader can see: the navbar's, else the one in the mobile menu. */
function focusSearch(): void {
  const inputs = [...document.querySelectorAll<HTMLInputElement>('form.search-form input[type="search"]')];
  // checkVisibility also sees through a closed <details> (whose content keeps its offsetParent).
  const visible = inputs.find((input) => (input.checkVisibility ? input.checkVisibility() : input.offsetParent !== null));
  if (visible) return visible.focus();
  const menu = document.getElementById(IDS.mobileMenu) as HTMLDetailsElement | null;
  const inMenu = menu?.querySelector<HTMLInputElement>('form.search-form input[type="search"]');
  if (!menu || !inMenu) return;
  // At once, while the reader's tap is being handled: phones show the keyboard only then. The menu
  // keeps the focus where it is when it opens with the focus inside (client/navbar.ts).
  menu.open = true;
  inMenu.focus();
}

/** The navbar's search button (narrow screens): the search in the menu instead of the search page. */
function onSearchButton(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('.navbar__search-button') : null;
  // A modified click still opens the search page, in a new tab or window.
  if (!button || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  // Before the menu's own outside-click handler, which would close the menu again.
  event.preventDefault();
  event.stopPropagation();
  focusSearch();
}

export function init(): () => void {
  const onFocus = (event: FocusEvent) => {
    const form = event.target instanceof HTMLInputElement ? event.target.closest<HTMLFormElement>('form.search-form') : null;
    if (form) mountBox(form);
  };
  const onKey = (event: KeyboardEvent) => {
    const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
    const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
    if (!shortcut && !slash) return;
    event.preventDefault();
    focusSearch();
  };
  // Apple keyboards say ⌘ where others say ctrl.
  if (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)) {
    for (const key of document.querySelectorAll('.search-form__key-modifier')) key.textContent = TEXTS.searchShortcutMeta;
  }
  document.addEventListener('focusin', onFocus);
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', onSearchButton, true);
  return () => {
    document.removeEventListener('focusin', onFocus);
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onSearchButton, true);
  };
}

/** The search page: load the module at once and list the results of ?q=. */
export function initPage(content: ParentNode): () => void {
  const root = content.querySelector<HTMLElement>('[data-search-page]');
  const script = root?.dataset.searchScript;
  if (!root || !script) return () => undefined;
  let cleanup: (() => void) | undefined;
  let stopped = false;
  load(script).then((module) => {
    if (!stopped) cleanup = module.mountPage(root);
  }, (error: unknown) => console.error(error));
  return () => {
    stopped = true;
    cleanup?.();
  };
}
