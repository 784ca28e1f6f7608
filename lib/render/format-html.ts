// Render: puts block-level tags on their own lines so that view-source reads like hand-written HTML.
// <pre>, <script> and <textarea> contents are left untouched (whitespace matters there: a blank
// line in a code block stays).
const BLOCK = /<(?=(?:head|body|header|nav|main|article|aside|footer|section|div|ul|ol|li|h[1-6]|p|table|thead|tbody|tr|details|meta|link|script|title|hr)\b)/g;
const VERBATIM = /<(pre|script|textarea)\b[\s\S]*?<\/\1>/g;

/** Between verbatim elements: a newline before each block tag, never two in a row. */
function tidy(part: string): string {
  // A fixed replacement (no callback per tag) keeps this fast on large sites.
  return part.replace(BLOCK, '\n<').replace(/\n{2,}/g, '\n');
}

export function formatHtml(html: string): string {
  return formatFragment(html).trim();
}

/** The same for a part of a page (lib/render/preformatted.ts): leading and trailing newlines kept. */
export function formatFragment(html: string): string {
  let out = '';
  let from = 0;
  for (const match of html.matchAll(VERBATIM)) {
    out += tidy(html.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return out + tidy(html.slice(from));
}
