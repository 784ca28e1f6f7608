// Values that build code and browser code must agree on. Pure data: no Node, no DOM.

/** localStorage keys. Our own neutral names (see DESIGN.md, "Our own names"). */
export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismissed: 'announcement.dismissed',
  announcementId: 'announcement.id',
  preferredDocsVersion: 'docs.preferred-version',
  codeTab: 'code-tab',
} as const;

export type ColorMode = 'light' | 'dark';
export const DEFAULT_COLOR_MODE: ColorMode = 'light';

/** At this width and below the navbar collapses into the mobile menu (spec §9). */
export const MOBILE_BREAKPOINT_PX = 996;
/** A route change slower than this shows the progress bar (spec §9). */
export const PROGRESS_BAR_DELAY_MS = 200;
/**
 * A client-side navigation whose page has not arrived after this long is given up: the browser's
 * own page load takes over (its loading indicator, its stop button, no limit of ours), or, when the
 * reader is offline, the "Page Error" view with "Retry". The spec sets no limit; five seconds is
 * far beyond a normal page fetch (the progress bar has shown since 200 ms) and short enough that a
 * request stuck on a dead connection does not leave the reader looking at the old page.
 */
export const NAVIGATION_TIMEOUT_MS = 5000;
/** Image zoom is attached again this long after each route change (spec §9). */
export const ZOOM_REATTACH_DELAY_MS = 1000;
/** Table of contents heading levels by default (spec §9). */
export const TOC_MIN_LEVEL = 2;
export const TOC_MAX_LEVEL = 3;

/**
 * Where a doc's markdown holds a DocCardList (lib/transform/mdx-markers.ts): the doc template puts
 * the cards of the doc's sidebar category there (templates/DocPage.tsx).
 */
export const DOC_CARD_LIST_MARKER = '<div class="doc-card-list" data-doc-card-list></div>';

/** Data attributes written by templates and read by the client. */
export const DATA = {
  theme: 'data-theme',
  announcementDismissed: 'data-announcement-dismissed',
  docsVersion: 'data-docs-version',
  /** On <html> as soon as scripts run (set by the head script): CSS keeps the no-JavaScript fallbacks for pages without it. */
  js: 'data-js',
  tabGroup: 'data-tab-group',
  tabLabel: 'data-tab-label',
  /** A tab's identity when it differs from its label (MDX Tabs' value); groups sync by it. */
  tabValue: 'data-tab-value',
  /** The panel selected before any choice is made or remembered (MDX TabItem default). */
  tabDefault: 'data-tab-default',
  /** The "Copy page" button; the markdown it copies is the "View as markdown" link's. */
  copyPage: 'data-copy-page',
} as const;

/**
 * The page's own head elements besides its title (everything else in the head is the same on every
 * page): a client-side navigation replaces them, and `npm start` leaves them out when it compares a
 * rebuilt page's layout with the one on screen.
 */
export const PAGE_HEAD_SELECTORS = ['meta[name="description"]', 'link[rel="canonical"]', 'link[rel="alternate"]', 'meta[property^="og:"]',
  'meta[name^="twitter:"]', 'meta[name^="docs-version"]', 'meta[name="robots"]'];

/**
 * `npm start` hands a rebuilt version of the page on screen to the client as this event on the
 * document, with the parsed page as its detail (lib/dev/live-reload.ts); the client swaps it in and
 * cancels the event, so the dev server's script knows not to reload the page.
 */
export const LIVE_SWAP_EVENT = 'pagewright:rebuilt';

/** Ids that templates render and the client looks up. */
export const IDS = {
  main: 'main-content',
  /** Wraps everything between navbar and footer: what a client-side navigation swaps. */
  pageContent: 'page-content',
  mobileMenu: 'mobile-menu',
  /** The docs sidebar's column; the no-JavaScript mobile menu links to it. */
  docsSidebar: 'docs-sidebar',
  baseUrlBanner: 'base-url-banner',
} as const;

/** The media type of a favicon, by its file's extension (a Docusaurus site's is often an ICO). */
export function faviconType(path: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (extension === 'ico') return 'image/x-icon';
  if (extension === 'png') return 'image/png';
  return 'image/svg+xml';
}
