// Transform: whether a page introduces its API operations in its own words. An operation's
// description in openapi.yaml is written for API tools, and an endpoint page's opening says the
// same for its readers, with links and context: shown together they repeat each other. So a page
// with anything of its own before its first "::operation" line (other than headings) shows its
// operation blocks without the description (in the page and in its markdown twin alike); a page
// that starts with its operation blocks shows the description, so nothing is left unsaid.
const OPERATION_LINE = /^::operation[ \t]/;
const HEADING_LINE = /^#{1,6}(?:[ \t]|$)/;

/** Reads only up to the first line that decides (most pages: their first paragraph), not the whole body. */
export function introducesOperations(body: string): boolean {
  for (let start = 0; start < body.length;) {
    const end = body.indexOf('\n', start);
    const line = body.slice(start, end === -1 ? body.length : end);
    if (OPERATION_LINE.test(line)) return false;
    const text = line.trim();
    if (text !== '' && !HEADING_LINE.test(text)) return true;
    if (end === -1) break;
    start = end + 1;
  }
  return false;
}
