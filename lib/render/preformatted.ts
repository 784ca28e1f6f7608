// Render: fragments that many pages share (a docs sidebar) are formatted once
// (lib/render/format-html.ts) and set into each page after the page's own markup is formatted: a
// page renders a short marker in their place, so the formatter does not scan the same sidebar again
// on every page of a large site. Rendering is synchronous, so one collector at a time is all there
// is.
let current: Block[] | undefined;

/** A fragment to set in; `placeholders`: whether it may hold asset placeholders to fill in. */
interface Block {
  html: string;
  placeholders: boolean;
}

/**
 * In a component: markup that is already formatted, to be set in after the page is formatted.
 * `placeholders`: false when its maker knows it holds no asset placeholder
 * (lib/render/asset-placeholders.ts), so that it is not searched for them on every page.
 */
export function preformatted(html: string, placeholders = true): string {
  if (!current) return html;
  current.push({ html, placeholders });
  return `<!--pagewright:${current.length - 1}-->`;
}

const MARKER = '<!--pagewright:';
const MARKER_END = '-->';

/**
 * Renders with a collector, formats the page's own markup, then sets the fragments in. `finish`
 * (filling in the asset URLs) is applied to the page's parts and the fragments apart, each a whole
 * run of markup or whole elements, so that the page is not copied once more to be searched whole.
 */
export function renderFormatted(render: () => string, format: (html: string) => string, finish = (html: string) => html): string {
  const previous = current;
  const blocks: Block[] = [];
  current = blocks;
  let markup: string;
  try {
    markup = render();
  } finally {
    current = previous;
  }
  const formatted = format(markup);
  if (blocks.length === 0) return finish(formatted);
  let page = '';
  let from = 0;
  let at = formatted.indexOf(MARKER);
  while (at !== -1) {
    const digitsEnd = digitsFrom(formatted, at + MARKER.length);
    const block = digitsEnd > at + MARKER.length && formatted.startsWith(MARKER_END, digitsEnd)
      ? blocks[Number(formatted.slice(at + MARKER.length, digitsEnd))] : undefined;
    if (block === undefined) {
      // Not a marker of this page: left as it is.
      at = formatted.indexOf(MARKER, at + 1);
      continue;
    }
    page += finish(formatted.slice(from, at)) + (block.placeholders ? finish(block.html) : block.html);
    from = digitsEnd + MARKER_END.length;
    at = formatted.indexOf(MARKER, from);
  }
  return page + finish(formatted.slice(from));
}

/** Where the ASCII digits from `start` on end. */
function digitsFrom(text: string, start: number): number {
  let end = start;
  while (end < text.length && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
  return end;
}
