// Interface texts shown to readers, in one place so templates and the client say the same thing.

export const TEXTS = {
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
  mainNav: 'Main',
  toggleNavigation: 'Toggle navigation bar',
  closeNavigation: 'Close navigation bar',
  close: 'Close',
  search: 'Search',
  copyCode: 'Copy code to clipboard',
  copy: 'Copy',
  copied: 'Copied',
  pageCrashed: 'This page crashed.',
  tryAgain: 'Try again',
  pageError: 'Page Error',
  retry: 'Retry',
  directLinkTo: (heading: string) => `Direct link to ${heading}`,
  toggleCategory: (label: string) => `Toggle the collapsible sidebar category '${label}'`,
  colorModeToggle: (mode: 'light' | 'dark') =>
    `Switch between dark and light mode (currently ${mode} mode)`,
  docsTagged: (count: number, tag: string) =>
    `${count === 1 ? 'One doc tagged' : `${count} docs tagged`} with "${tag}"`,
  categoryItems: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
} as const;
