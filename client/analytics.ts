// Page views, through a small adapter, only when site.yml configures an analytics id: then the
// provider's tag loads once and every page view (first load and each navigation) is reported.
// With no id nothing is loaded or sent.
type Gtag = (...args: unknown[]) => void;

let send: ((path: string) => void) | undefined;

export function init(): () => void {
  const id = document.querySelector<HTMLMetaElement>('meta[name="analytics-id"]')?.content;
  if (!id) return () => {};
  const w = window as unknown as { dataLayer: unknown[]; gtag: Gtag };
  w.dataLayer = w.dataLayer ?? [];
  // The provider's loader expects the arguments object itself, not an array.
  w.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', id, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
  send = (path) => w.gtag('event', 'page_view', { page_path: path, page_title: document.title });
  send(window.location.pathname);
  return () => {};
}

export function pageView(): void {
  send?.(window.location.pathname);
}
