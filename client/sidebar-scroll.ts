// The current page's link in view in the sidebar on load: a page far down a long sidebar (an API
// endpoint, say) would otherwise open with its own link below the fold. Only the sidebar's column
// scrolls, never the window: the reader stays at the top of the page they asked for. (Client-side
// navigations keep the sidebar where the reader left it, with the clicked link in view.)
export function init(): void {
  const column = document.querySelector<HTMLElement>('.docs-sidebar');
  const link = column?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!column || !link) return;
  // A frame later, with the layout the browser makes anyway (measuring now would force one).
  window.requestAnimationFrame(() => {
    const box = column.getBoundingClientRect();
    const at = link.getBoundingClientRect();
    // A hidden column (the phone layout) has no height: nothing to do.
    if (box.height === 0 || (at.top >= box.top && at.bottom <= box.bottom)) return;
    column.scrollTop += at.top - box.top - (box.height - at.height) / 2;
  });
}
