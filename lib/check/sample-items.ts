// Check: what the sample check reads of a markdown file (lib/check/samples.ts): its code blocks, with
// the line of their fence, and its prose, as the site's markdown reads them. The transform stage
// takes them from the tokens it lexes anyway (tokenItems), so a doc's markdown is lexed once; a file
// read again (a standalone page, a test) is lexed here (lexedItems).
import { Lexer, Marked, type Token, type Tokens } from 'marked';
import { admonitionExtension } from '../transform/admonitions.ts';

export type MarkdownItem = { type: 'prose'; text: string; line: number } | { type: 'code'; info: string; code: string; line: number };

/** The site's block syntax (admonitions included), for finding code blocks and prose. */
const blockSyntax = new Marked({ gfm: true }).use({ extensions: [admonitionExtension('any')] });

/** Only fenced blocks (which alone carry a language) and "METHOD /path" are checked: a page with neither has nothing to read. */
const CHECKED = /```|~~~|GET|POST|PUT|PATCH|DELETE/;

/**
 * The items of a file's body (`bodyLineOffset` lines below the file's start). Only the block
 * structure is read: prose is taken as written (its raw text), so the inline tokens, most of the
 * lexer's work, are never made.
 */
export function lexedItems(body: string, bodyLineOffset: number): MarkdownItem[] {
  const text = body.replace(/\r\n?/g, '\n');
  if (!CHECKED.test(text)) return [];
  const tokens = new Lexer(blockSyntax.defaults).blockTokens(text, []);
  return walkItems(tokens, text, bodyLineOffset) ?? [];
}

/**
 * The same items from the tokens the page's own markdown lexer made of `text` (the body with its
 * line ends made "\n"), before anything changes them. That lexer knows "::operation id" blocks as
 * well: their markdown is made from the API description, so it is not read, and the line itself
 * holds no "METHOD /path". Undefined when the two block structures could differ in what the check
 * reads (an "::operation" line that did not become a block, or an operation named like a method,
 * which the lexer above would read as prose with the line after it): lexedItems reads the body then.
 */
export function tokenItems(tokens: Token[], text: string, bodyLineOffset: number): MarkdownItem[] | undefined {
  if (!CHECKED.test(text)) return [];
  return walkItems(tokens, text, bodyLineOffset, text.match(OPERATION_LINE)?.length ?? 0);
}

const OPERATION_LINE = /^::operation[ \t]/gm;

/**
 * Walks the tokens; `operationLines`: how many "::operation" lines the text has, each of which must
 * be an operation block (of a lexer that has them), else the walk gives up (undefined).
 */
function walkItems(tokens: Token[], text: string, bodyLineOffset: number, operationLines = 0): MarkdownItem[] | undefined {
  const items: MarkdownItem[] = [];
  let operations = 0;
  let readable = true;
  const walk = (list: Token[], lineOf: Map<Token, number>) => {
    for (const token of list) {
      const line = lineOf.get(token) ?? bodyLineOffset + 1;
      if (token.type === 'code') {
        const code = token as Tokens.Code;
        // An indented block has no fence line: its code starts at the token's line.
        items.push({ type: 'code', info: code.lang ?? '', code: code.text, line: code.codeBlockStyle === 'indented' ? line - 1 : line });
      } else if (token.type === 'paragraph' || token.type === 'heading' || token.type === 'table' || (token.type === 'text' && !('tokens' in token && token.tokens?.some((child) => child.type === 'code')))) {
        items.push({ type: 'prose', text: token.raw, line });
      } else if (token.type === 'html' || token.type === 'space' || token.type === 'hr') {
        continue;
      } else if (token.type === 'operation') {
        operations++;
        if (/^(?:GET|POST|PUT|PATCH|DELETE)$/.test((token as Tokens.Generic)['id'] as string)) readable = false;
      } else {
        const container = token as { tokens?: Token[]; items?: Token[] };
        walk([...(container.items ?? []), ...(container.tokens ?? [])], tokenLines([...(container.tokens ?? []), ...(container.items ?? [])], token.raw, line));
      }
    }
  };
  walk(tokens, tokenLines(tokens, text, bodyLineOffset + 1, true));
  return readable && operations === operationLines ? items : undefined;
}

/**
 * The file line of each token of `list`, found in order in `raw` (whose first line is `firstLine`),
 * as lib/transform/token-lines.ts finds them for the page, counting each line break once. A token
 * whose raw text is not found (marked rewrote it) gets the line reached so far at the top level,
 * and its container's first line inside one, as there.
 */
function tokenLines(list: Token[], raw: string, firstLine: number, topLevel = false): Map<Token, number> {
  const lines = new Map<Token, number>();
  let offset = 0;
  let counted = 0;
  let line = firstLine;
  const countTo = (to: number) => {
    for (let next = raw.indexOf('\n', counted); next >= 0 && next < to; next = raw.indexOf('\n', next + 1)) line++;
    counted = Math.max(counted, to);
  };
  for (const token of list) {
    const found = !token.raw ? -1 : raw.startsWith(token.raw, offset) ? offset : raw.indexOf(token.raw, offset);
    if (found < 0) {
      if (topLevel) countTo(offset);
      lines.set(token, topLevel ? line : firstLine);
      continue;
    }
    countTo(found);
    lines.set(token, line);
    offset = found + token.raw.length;
  }
  return lines;
}
