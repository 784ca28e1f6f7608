// The navbar: the mobile menu (a <details> element that already opens without JavaScript) gains
// Escape, outside click, link click, focus handling and a scroll lock; and, when site.yml turns
// it on, the navbar hides while scrolling down.
import { IDS, MOBILE_BREAKPOINT_PX } from '../common/constants.ts';

function menu(): HTMLDetailsElement | null {
  return document.getElementById(IDS.mobileMenu) as HTMLDetailsElement | null;
}

export function closeMenu(returnFocus = false): void {
  const details = menu();
  if (!details?.open) return;
  details.open = false;
  if (returnFocus) details.querySelector('summary')?.focus();
}

export function init(): () => void {
  const details = menu();
  const onToggle = () => {
    if (!details) return;
    document.body.style.overflow = details.open ? 'hidden' : '';
    placeSidebar(details.open);
    const panel = details.querySelector('.mobile-menu__panel');
    // Focus the current page's link, else the first link, so keyboard users start inside the panel;
    // unless the focus is in it already (the search button opened the menu on its search box).
    if (details.open && !panel?.contains(document.activeElement)) {
      const target = panel?.querySelector<HTMLElement>('[aria-current="page"]') ?? panel?.querySelector<HTMLElement>('a[href]');
      target?.focus();
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && details?.open) closeMenu(true);
    if (event.key === 'Tab' && details?.open) trapFocus(details, event);
  };
  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    if (event.target.closest('.skip-link')) return skipToContent(event);
    if (!details?.open) return;
    if (!details.contains(event.target) || event.target.closest('.mobile-menu__panel a[href]')) closeMenu();
  };
  const onResize = () => {
    if (window.innerWidth > MOBILE_BREAKPOINT_PX) closeMenu();
  };
  details?.addEventListener('toggle', onToggle);
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', onClick);
  window.addEventListener('resize', onResize);
  window.addEventListener('popstate', () => closeMenu());
  const stopHiding = hideOnScroll();
  return () => {
    details?.removeEventListener('toggle', onToggle);
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onClick);
    window.removeEventListener('resize', onResize);
    stopHiding();
  };
}

/**
 * A page carries its docs sidebar once, in its column; while the menu is open the sidebar moves
 * into it (the column is hidden on narrow screens), and back when the menu closes.
 */
function placeSidebar(inMenu: boolean): void {
  const sidebar = document.querySelector('.docs-sidebar > .sidebar, .mobile-menu__sidebar > .sidebar');
  const home = document.querySelector(inMenu ? '.mobile-menu__sidebar' : '.docs-sidebar');
  if (sidebar && home && sidebar.parentElement !== home) home.append(sidebar);
}

/** The skip link moves focus (not only the scroll position) to the main content. */
function skipToContent(event: MouseEvent): void {
  const main = document.getElementById(IDS.main);
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/** Keeps Tab and Shift+Tab inside the open menu (the toggle and the panel's links). */
function trapFocus(details: HTMLDetailsElement, event: KeyboardEvent): void {
  const focusable = [...details.querySelectorAll<HTMLElement>('summary, .mobile-menu__panel a[href], .mobile-menu__panel summary')]
    .filter((element) => element.offsetParent !== null);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function hideOnScroll(): () => void {
  const header = document.querySelector<HTMLElement>('[data-hide-on-scroll]');
  if (!header) return () => {};
  let lastY = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    const hide = y > lastY && y > header.offsetHeight && !menu()?.open;
    if (hide) header.setAttribute('data-hidden', 'true');
    else if (y < lastY || y <= header.offsetHeight) header.removeAttribute('data-hidden');
    lastY = y;
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}
