// For tests that look for markup in formatted pages.

/**
 * A pattern that finds `markup` (as React wrote it) in HTML that lib/render/format-html.ts
 * formatted: its whitespace may have become a line break, its &#x27; and &quot; the characters.
 */
export function formattedPattern(markup: string): RegExp {
  const escaped = markup.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/&#x27;/g, "(?:&#x27;|')").replace(/&quot;/g, '(?:&quot;|")').replace(/ /g, '(?: |\\n {0,2})'));
}
