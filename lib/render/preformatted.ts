// Render: fragments that many pages share (a docs sidebar) are formatted once
// (lib/render/format-html.ts) and set into each page after the page's own markup is formatted: a
// page renders a short marker in their place, so the formatter does not scan the same sidebar again
// on every page of a large site. Rendering is synchronous, so one collector at a time is all there
// is.
let current: string[] | undefined;

/** In a component: markup that is already formatted, to be set in after the page is formatted. */
export function preformatted(html: string): string {
  if (!current) return html;
  current.push(html);
  return `<!--pagewright:${current.length - 1}-->`;
}

/** Renders with a collector, formats the page's own markup, then sets the fragments in. */
export function renderFormatted(render: () => string, format: (html: string) => string): string {
  const previous = current;
  const blocks: string[] = [];
  current = blocks;
  let markup: string;
  try {
    markup = render();
  } finally {
    current = previous;
  }
  const formatted = format(markup);
  return blocks.length === 0 ? formatted : formatted.replace(/<!--pagewright:(\d+)-->/g, (marker, index: string) => blocks[Number(index)] ?? marker);
}
