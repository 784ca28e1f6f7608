// Transform: records the file line of every token (marked keeps only `raw`), so messages can name
// it, and strips explicit heading ids ("## Title {#id}") from the heading text on the same walk.
import type { Token, Tokens } from 'marked';
import { stripExplicitId } from './headings.ts';

export function annotate(tokens: Token[], source: string, lineOffset: number, lineOf: WeakMap<object, number>, explicitIds: WeakMap<object, string>): void {
  let offset = 0;
  let line = 1 + lineOffset;
  for (const token of tokens) {
    const found = token.raw ? source.indexOf(token.raw, offset) : -1;
    if (found >= 0) {
      line += countNewlines(source, offset, found);
      offset = found;
    }
    annotateNested(token, line, lineOf, explicitIds);
    if (found >= 0) {
      line += countNewlines(source, offset, found + token.raw.length);
      offset = found + token.raw.length;
    }
  }
}

function annotateNested(token: Token, startLine: number, lineOf: WeakMap<object, number>, explicitIds: WeakMap<object, string>): void {
  lineOf.set(token, startLine);
  if (token.type === 'heading') stripExplicitId(token as Tokens.Heading, explicitIds);
  const children: Token[] = [];
  const container = token as { titleTokens?: Token[]; tokens?: Token[]; items?: Token[]; header?: { tokens: Token[] }[]; rows?: { tokens: Token[] }[][] };
  // An admonition's title (lib/transform/admonitions.ts) comes before its content.
  if (container.titleTokens) children.push(...container.titleTokens);
  if (container.tokens) children.push(...container.tokens);
  if (container.items) children.push(...container.items);
  if (container.header) for (const cell of container.header) children.push(...cell.tokens);
  if (container.rows) for (const row of container.rows) for (const cell of row) children.push(...cell.tokens);
  // A container whose children were read from a rewritten copy of its content (MDX elements drop
  // the indentation) gives that text and the line it starts on; children are found in it.
  const { body, bodyLine } = token as { body?: unknown; bodyLine?: unknown };
  const scope = typeof body === 'string' ? body : token.raw;
  // Children are found in order, so the lines before each are counted on from the last one found:
  // counting from the start for every child was quadratic in a list of many items.
  let cursor = 0;
  let counted = 0;
  let line = startLine + (typeof body === 'string' && typeof bodyLine === 'number' ? bodyLine : 0);
  for (const child of children) {
    const found = child.raw ? scope.indexOf(child.raw, cursor) : -1;
    if (found >= 0) {
      line += countNewlines(scope, counted, found);
      counted = found;
      cursor = found + child.raw.length;
    }
    annotateNested(child, found >= 0 ? line : startLine, lineOf, explicitIds);
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}
