// Fetches pages ahead: on hover, on touch start and when a link becomes visible, each URL at most
// once, never on a 2g connection or with data saver on. A navigation reuses the fetched page.
interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

const pages = new Map<string, Promise<Response>>();

export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData || connection?.effectiveType?.includes('2g'));
}

/** A redirect is not followed: the router leaves it to the browser, which shows the final address. */
const request = (key: string) => fetch(key, { credentials: 'same-origin', redirect: 'manual' });

/** The page at a URL: a prefetched response when there is one, else a new request. */
export function fetchPage(url: string): Promise<Response> {
  const key = url.split('#')[0] ?? url;
  const pending = pages.get(key);
  pages.delete(key);
  return pending ?? request(key);
}

const seen = new Set<string>();

export function prefetch(url: string): void {
  const key = url.split('#')[0] ?? url;
  // The page on screen needs no prefetch (its own sidebar link, a link to a section of it).
  if (seen.has(key) || !prefetchAllowed() || new URL(key, window.location.href).pathname === window.location.pathname) return;
  seen.add(key);
  const pending = request(key);
  pending.catch(() => pages.delete(key));
  pages.set(key, pending);
}

export function init(isInternal: (link: HTMLAnchorElement) => boolean, root: ParentNode = document): () => void {
  if (!prefetchAllowed()) return () => {};
  const onHover = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (link && isInternal(link)) prefetch(link.href);
  };
  const observer = 'IntersectionObserver' in window
    ? new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          prefetch((entry.target as HTMLAnchorElement).href);
        }
      })
    : undefined;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) if (isInternal(link)) observer?.observe(link);
  root.addEventListener('mouseover', onHover, { passive: true });
  root.addEventListener('touchstart', onHover, { passive: true });
  return () => {
    observer?.disconnect();
    root.removeEventListener('mouseover', onHover);
    root.removeEventListener('touchstart', onHover);
  };
}
