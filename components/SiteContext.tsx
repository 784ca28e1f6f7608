// Site-wide values every component may need, passed once per page instead of through every prop.
import { createContext, useContext, type ReactElement } from 'react';
import type { AssetUrls } from '../lib/assets/bundle.ts';
import type { SiteConfig } from '../lib/load/config.ts';
import type { SidebarMarks } from '../lib/model.ts';

export interface SiteContextValue {
  config: SiteConfig;
  assets: AssetUrls;
  /** "name version" for <meta name="generator">. */
  generator: string;
  noFlashScript: string;
  /** The Content-Security-Policy of every page (lib/security.ts). */
  contentSecurityPolicy: string;
  baseUrlBannerScript: string;
  /** Pixel size of the link-preview image, when site.yml names one. */
  ogImageSize?: { width: number; height: number } | undefined;
  /**
   * A docs sidebar's list as HTML, marked for one page (lib/render/sidebar-html.tsx renders each
   * sidebar once, not once per page). A function, so page cache keys leave it out (JSON skips
   * functions): what it returns depends only on the marks, which are in the page's data.
   */
  sidebarHtml: (marks: SidebarMarks, site: SiteContextValue) => string;
  /**
   * Markup every page shares whole (the navbar's bar, the footer's content), made from `element`
   * and this context only: rendered once per build under `key`, not once per page
   * (lib/render/shared-html.tsx). A function, for the same reason as `sidebarHtml`.
   */
  sharedHtml: (key: string, element: () => ReactElement, site: SiteContextValue) => string;
}

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('SiteContext is missing: render pages through lib/render/document.tsx.');
  return value;
}

/** A site route or URL as an href: routes get the base URL, absolute URLs stay as they are. */
export function useHref(): (target: string) => string {
  const { config } = useSite();
  return (target) => (target.startsWith('/') ? `${config.baseUrl}${target.slice(1)}` : target);
}

export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}
