// The browser script. Global behaviours start once; page behaviours start on each page's content
// and are cleaned up before a client-side navigation replaces it.
import { IDS } from '../common/constants.ts';
import { init as initAnalytics, pageView } from './analytics.ts';
import { init as initAnnouncement } from './announcement.ts';
import { init as initCode } from './code.ts';
import { showCrash } from './errors.ts';
import { init as initLiveSwap } from './live-swap.ts';
import { init as initNavbar } from './navbar.ts';
import { init as initPrefetch } from './prefetch.ts';
import { init as initRouter, isInternal, swapInPlace, type RouterHooks } from './router.ts';
import { init as initSearch, initPage as initSearchPage } from './search-loader.ts';
import { init as initSidebarScroll } from './sidebar-scroll.ts';
import { init as initTheme } from './theme.ts';
import { init as initToc } from './toc.ts';
import { init as initVersion } from './version.ts';
import { init as initZoom, reattachLater } from './zoom.ts';

type Cleanup = () => void;
let pageCleanups: Cleanup[] = [];

function startPage(content: ParentNode): void {
  pageCleanups = [initCode(content), initToc(content), initVersion(), initPrefetch(isInternal, content), initSearchPage(content)];
}

function stopPage(): void {
  for (const cleanup of pageCleanups) cleanup();
  pageCleanups = [];
}

function start(): void {
  try {
    initTheme();
    initNavbar();
    initAnnouncement();
    initZoom();
    initAnalytics();
    initSearch();
    initPrefetch(isInternal, document.querySelector('header') ?? document);
    initSidebarScroll();
    startPage(document.getElementById(IDS.pageContent) ?? document);
    const hooks: RouterHooks = {
      beforeSwap: stopPage,
      afterSwap(content) {
        startPage(content);
        reattachLater();
        pageView();
      },
    };
    initRouter(hooks);
    initLiveSwap((next) => swapInPlace(next, hooks));
    // Every behaviour is in place: tests (and tools) wait on this rather than on elapsed time.
    document.documentElement.dataset.hasHydrated = 'true';
  } catch (error) {
    console.error(error);
    showCrash(error);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
