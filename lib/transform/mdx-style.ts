// Transform, MDX: a literal `style={{…}}` object on an HTML element becomes a style attribute, as
// React writes it, but only with declarations that cannot reach outside the element: an allow-list
// of layout, spacing, colour and text properties, and values without url(), expression(), escapes,
// quotes or anything that ends the declaration. Positioning (which could lay an element over the
// site's own navigation or links) is not on the list. What is refused is named in a warning.

/** CSS properties (kebab-case) a page's element may set on itself. */
const PROPERTIES = new Set([
  'color', 'background-color', 'opacity',
  'font-size', 'font-weight', 'font-style', 'font-family', 'line-height', 'letter-spacing',
  'text-align', 'text-decoration', 'text-transform', 'white-space', 'word-break', 'vertical-align',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'margin-inline', 'margin-block',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'padding-inline', 'padding-block',
  'width', 'height', 'max-width', 'max-height', 'min-width', 'min-height', 'aspect-ratio', 'object-fit',
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-width', 'border-style', 'border-radius',
  'display', 'flex', 'flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'gap', 'row-gap', 'column-gap',
  'justify-content', 'align-items', 'align-self', 'grid-template-columns', 'grid-template-rows', 'grid-column', 'grid-row',
  'list-style-type', 'float', 'clear', 'overflow', 'overflow-x', 'overflow-y',
]);

/** React leaves these numbers as they are; every other number is a length in px. */
const UNITLESS = new Set(['opacity', 'font-weight', 'line-height', 'flex', 'flex-grow', 'flex-shrink', 'aspect-ratio']);

/** Words, numbers with units, #colours, commas, and rgb()/hsl()/calc()-style functions of those. */
const SAFE_VALUE = /^[\w\s#.,%+\-/()]*$/;
const UNSAFE_FUNCTION = /(?:url|expression|image-set|image|element|attr|paint|env)\s*\(/i;

export interface StyleResult {
  /** The attribute value, e.g. "display:flex;gap:1rem"; empty when nothing is kept. */
  css: string;
  /** Declarations left out, as written ("position: fixed"). */
  refused: string[];
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The style attribute for a style object read from JSX (lib/transform/mdx-jsx.ts). */
export function styleAttribute(style: Record<string, unknown>): StyleResult {
  const kept: string[] = [];
  const refused: string[] = [];
  for (const [key, raw] of Object.entries(style)) {
    if (raw === null || raw === undefined || raw === false || raw === '') continue;
    const property = kebab(key);
    const value = typeof raw === 'number' ? (raw === 0 || UNITLESS.has(property) ? String(raw) : `${raw}px`) : typeof raw === 'string' ? raw.trim() : undefined;
    if (value === undefined || !PROPERTIES.has(property) || !SAFE_VALUE.test(value) || UNSAFE_FUNCTION.test(value)) {
      refused.push(`${property}: ${typeof raw === 'string' || typeof raw === 'number' ? raw : JSON.stringify(raw)}`);
      continue;
    }
    kept.push(`${property}:${value}`);
  }
  return { css: kept.join(';'), refused };
}
