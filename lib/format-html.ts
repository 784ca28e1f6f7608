// Puts block-level tags on their own lines so that view-source reads like hand-written HTML.
// <pre>, <script> and <textarea> contents are left untouched (whitespace matters there).
const BLOCK = /<(?=(?:head|body|header|nav|main|article|aside|footer|section|div|ul|ol|li|h[1-6]|p|table|thead|tbody|tr|details|meta|link|script|title|hr)\b)/g;
const VERBATIM = /(<(pre|script|textarea)\b[\s\S]*?<\/\2>)/g;

export function formatHtml(html: string): string {
  return html
    .split(VERBATIM)
    .map((part, index) => {
      // split() with two capture groups yields [text, whole, tagName, text, …].
      if (index % 3 === 1) return part;
      if (index % 3 === 2) return '';
      return part.replace(BLOCK, '\n<');
    })
    .join('')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
