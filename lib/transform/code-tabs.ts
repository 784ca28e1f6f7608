// Transform, code tabs: consecutive code blocks that carry tab="…" become one tab group, a panel
// per block with its label (the client script shows the panels as tabs).
import type { Token, TokenizerAndRendererExtension, Tokens } from 'marked';
import { codeBlockHtml, parseCodeInfo } from './code-blocks.ts';
import { escapeHtml } from './highlight.ts';
import type { PageState } from './page-state.ts';

interface CodeTabsToken extends Tokens.Generic {
  type: 'codeTabs';
  items: Tokens.Code[];
}

export function codeTabsExtension(page: PageState): TokenizerAndRendererExtension {
  return { name: 'codeTabs', renderer: (token) => codeTabsHtml(token as CodeTabsToken, page) };
}

function codeTabsHtml(token: CodeTabsToken, page: PageState): string {
  const panels = token.items
    .map((item) => {
      const label = escapeHtml(parseCodeInfo(item.lang).tab ?? '');
      return `<div class="code-tabs__panel" data-tab-label="${label}">\n<p class="code-tabs__label">${label}</p>\n${codeBlockHtml(item, page)}</div>\n`;
    })
    .join('');
  return `<div class="code-tabs" data-tab-group>\n${panels}</div>\n`;
}

/** Block tokens whose children are blocks, where code tabs may be too (MDX elements: lib/transform/mdx-components.ts). */
const CONTAINERS = new Set(['admonition', 'operation', 'mdxJsx', 'mdxCodeBlock']);

/** Turns each run of consecutive code blocks that carry tab="…" into one tab group token. */
export function groupCodeTabs(tokens: Token[]): Token[] {
  const out: Token[] = [];
  let run: Tokens.Code[] = [];
  let pendingSpace: Token[] = [];
  const flush = () => {
    if (run.length > 0) out.push({ type: 'codeTabs', raw: run.map((item) => item.raw).join(''), items: run } as CodeTabsToken);
    run = [];
  };
  for (const token of tokens) {
    if ((token as { tokens?: Token[] }).tokens && CONTAINERS.has(token.type)) {
      const container = token as Tokens.Generic & { tokens: Token[] };
      container.tokens = groupCodeTabs(container.tokens);
    }
    if (token.type === 'code' && parseCodeInfo((token as Tokens.Code).lang).tab !== undefined) {
      pendingSpace = [];
      run.push(token as Tokens.Code);
    } else if (token.type === 'space' && run.length > 0) {
      pendingSpace.push(token);
    } else {
      flush();
      out.push(...pendingSpace, token);
      pendingSpace = [];
    }
  }
  flush();
  out.push(...pendingSpace);
  return out;
}
