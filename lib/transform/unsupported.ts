// Transform: what Docusaurus sites render with plugins this generator does not have, math
// (remark-math and KaTeX: "$…$", "$$ … $$", ```math) and Mermaid diagrams (```mermaid), is shown as
// its source, with one warning per kind and page saying so and what to do instead.
import type { Token } from 'marked';
import type { PageState } from './page-state.ts';
import { warnOnce } from './warn-once.ts';

const MATH_HINT = 'Math is not rendered here: the formula shows as its TeX source. Write it as text (x² + y²) or as an image (SVG), or put the TeX in a code block on purpose.';

/** The fence languages shown as source with a warning instead of a highlighting one. */
export function unsupportedFence(page: PageState, lang: string, line: number | undefined): boolean {
  const name = lang.toLowerCase();
  const where = { file: page.ctx.file, line };
  if (name === 'mermaid') {
    warnOnce(page, 'mermaid', where, 'Mermaid diagrams are not rendered here: the diagram shows as its source. Export it as an image (SVG, for example with the Mermaid CLI) and link the image instead.');
    return true;
  }
  if (name === 'math') {
    warnOnce(page, 'math', where, `A \`\`\`math block: ${MATH_HINT}`);
    return true;
  }
  return false;
}

/** "$$" opening a display formula on its own line, or "$…$" around TeX (a command, "^" or braces): not "$5 and $10". */
const MATH = /(?:^|\n)[ \t]*\$\$|(?<![\\$\w])\$(?=\S)[^$\n]*?(?:\\[A-Za-z]+|\^|\{)[^$\n]*?(?<=\S)\$(?![\w$])/;

/** Warns, once per page, at the first math written in the page's text (code spans and blocks are not text). */
export function warnMath(tokens: Token[], page: PageState): void {
  findMath(tokens, page);
}

/** Whether it warned: the walk stops at the first math found. Children are walked where they are, not copied into a list. */
function findMath(tokens: Token[], page: PageState): boolean {
  for (const token of tokens) {
    if (token.type === 'code' || token.type === 'html') continue;
    if (token.type === 'paragraph' || token.type === 'heading' || token.type === 'text') {
      // Math needs a "$": most text has none, and is passed by without looking further.
      if (!token.raw.includes('$')) continue;
      // Code spans blanked out, keeping the offsets (for the line).
      const text = token.raw.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
      const found = MATH.exec(text);
      if (found) {
        const start = page.lineOf.get(token);
        const before = text.slice(0, found.index + (found[0].startsWith('\n') ? 1 : 0));
        const line = start === undefined ? undefined : start + (before.match(/\n/g)?.length ?? 0);
        const formula = found[0].trim();
        warnOnce(page, 'math', { file: page.ctx.file, line }, `Math "${formula.length > 40 ? `${formula.slice(0, 40)}…` : formula}": ${MATH_HINT}`);
        return true;
      }
      continue;
    }
    const container = token as { tokens?: Token[]; items?: Token[]; header?: { tokens: Token[] }[]; rows?: { tokens: Token[] }[][] };
    if (container.tokens && findMath(container.tokens, page)) return true;
    if (container.items && findMath(container.items, page)) return true;
    for (const cell of container.header ?? []) if (findMath(cell.tokens, page)) return true;
    for (const row of container.rows ?? []) for (const cell of row) if (findMath(cell.tokens, page)) return true;
  }
  return false;
}
