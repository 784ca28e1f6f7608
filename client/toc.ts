// Table-of-contents scroll-spy: the heading being read is highlighted. The first heading at or
// below the navbar is the one if it sits in the top half of the viewport, otherwise the one
// before it; at the bottom of the page, the last heading (so the last one can light up too).
const ACTIVE = 'toc__link--active';

export function activeHeading(headings: HTMLElement[], navbarHeight: number): HTMLElement | undefined {
  if (headings.length === 0) return undefined;
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (atBottom) return headings[headings.length - 1];
  const index = headings.findIndex((heading) => heading.getBoundingClientRect().top >= navbarHeight);
  if (index === -1) return headings[headings.length - 1];
  const first = headings[index];
  if (first && first.getBoundingClientRect().top < window.innerHeight / 2) return first;
  return index > 0 ? headings[index - 1] : undefined;
}

export function init(root: ParentNode = document): () => void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('.toc-desktop .toc__link')];
  if (links.length === 0) return () => {};
  const ids = new Set(links.map((link) => decodeURIComponent(link.hash.slice(1))));
  const headings = [...root.querySelectorAll<HTMLElement>('.markdown h2[id], .markdown h3[id], .markdown h4[id], .markdown h5[id], .markdown h6[id]')]
    .filter((heading) => ids.has(heading.id));
  let frame = 0;
  const update = () => {
    frame = 0;
    const navbar = document.querySelector<HTMLElement>('.navbar-wrapper');
    const navbarHeight = navbar && navbar.getAttribute('data-hidden') !== 'true' ? navbar.getBoundingClientRect().height : 0;
    const active = activeHeading(headings, navbarHeight);
    for (const link of links) link.classList.toggle(ACTIVE, active !== undefined && link.hash === `#${encodeURIComponent(active.id)}`);
  };
  const schedule = () => {
    if (!frame) frame = window.requestAnimationFrame(update);
  };
  // The first update waits for a frame: measuring headings during start-up would force a layout.
  schedule();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  return () => {
    window.cancelAnimationFrame(frame);
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
  };
}
