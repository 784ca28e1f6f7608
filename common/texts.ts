// Interface texts shown to readers, in one place so templates and the client say the same thing.

/** Texts the browser script shows too (it bundles this object, so it holds nothing else). */
export const TEXTS = {
  searchShortcutMeta: '⌘',
  noResults: 'No results',
  noDocuments: 'No documents were found',
  searchPageTitle: 'Search the documentation',
  searchResultsFor: (query: string) => `Search results for "${query}"`,
  documentsFound: (count: number) => (count === 1 ? '1 document found' : `${count} documents found`),
  searchLoadFailed: 'Search could not load. Check your connection and try again.',
  copyCode: 'Copy code to clipboard',
  copy: 'Copy',
  copied: 'Copied',
  copyPage: 'Copy page',
  pageCopied: 'Page copied as markdown',
  copyFailed: 'Copy failed',
  copyPageFailed: 'Could not copy; open the markdown instead',
  pageCrashed: 'This page crashed.',
  tryAgain: 'Try again',
  pageError: 'Page Error',
  retry: 'Retry',
  colorModeToggle: (mode: 'light' | 'dark') =>
    `Switch between dark and light mode (currently ${mode} mode)`,
} as const;

/** Texts only the pages' HTML shows: kept apart so the browser script does not carry them. */
export const PAGE_TEXTS = {
  skipToContent: 'Skip to main content',
  notFoundTitle: 'Page Not Found',
  notFoundLead: 'We could not find what you were looking for.',
  notFoundHint:
    'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
  tagsTitle: 'Tags',
  viewAllTags: 'View All Tags',
  tagsLabel: 'Tags:',
  previous: 'Previous',
  next: 'Next',
  onThisPage: 'On this page',
  docsPages: 'Docs pages',
  breadcrumbs: 'Breadcrumbs',
  homePage: 'Home page',
  docsSidebar: 'Docs sidebar',
  /** The mobile menu's link to the docs sidebar when JavaScript is off (with it, the sidebar itself moves into the menu). */
  docsPagesLink: 'Docs pages',
  mainNav: 'Main',
  toggleNavigation: 'Toggle navigation bar',
  closeNavigation: 'Close navigation bar',
  close: 'Close',
  search: 'Search',
  searchResults: 'Search results',
  searchShortcutCtrl: 'ctrl',
  searchShortcutKey: 'K',
  seeAllResults: 'See all results',
  searchHint: 'Check the spelling, try other or fewer words, or browse the categories:',
  searchBrowse: 'Browse the categories:',
  searchNeedsScript: 'Searching needs JavaScript. Browse the categories instead:',
  copyPageLabel: 'Copy this page as markdown',
  viewAsMarkdown: 'View as markdown',
  editThisPage: 'Edit this page',
  lastUpdatedOn: 'Last updated on',
  lastUpdatedBy: 'by',
  feedsIntro: 'Follow these changes in a feed reader:',
  atomFeed: 'Atom feed',
  jsonFeed: 'JSON feed',
  directLinkTo: (heading: string) => `Direct link to ${heading}`,
  /** Names a markdown table's scroll region (with the heading above it). */
  table: 'Table',
  toggleCategory: (label: string) => `Toggle the collapsible sidebar category '${label}'`,
  docsTagged: (count: number, tag: string) =>
    `${count === 1 ? 'One doc tagged' : `${count} docs tagged`} with "${tag}"`,
  categoryItems: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  /** Where a paginated list is: "Page 2 of 5". */
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
