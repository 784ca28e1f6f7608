// Transform: "::operation createTune" shows that operation of content/api/openapi.yaml (its
// markdown comes from lib/transform/operation-markdown.ts); an unknown operation id fails the build
// at its line.
import type { Token, TokenizerAndRendererExtension, Tokens } from 'marked';
import { BuildError } from '../diagnostics.ts';
import { startInParagraph } from './admonitions.ts';
import { operationMarkdown } from './operation-markdown.ts';
import { at, type PageState } from './page-state.ts';

interface OperationToken extends Tokens.Generic {
  type: 'operation';
  id: string;
  tokens: Token[];
}

const OPERATION = /^::operation[ \t]+([A-Za-z0-9_.-]+)[ \t]*(?:\n+|$)/;

export function operationExtension(page: PageState): TokenizerAndRendererExtension {
  const { ctx } = page;
  return {
    name: 'operation',
    level: 'block',
    start: (src) => startInParagraph(src, /^::operation[ \t]/m),
    tokenizer(src) {
      const match = OPERATION.exec(src);
      if (!match?.[1]) return undefined;
      const operation = ctx.api?.operations.get(match[1]);
      const token: OperationToken = { type: 'operation', raw: match[0], id: match[1], tokens: [] };
      if (ctx.api && operation) this.lexer.blockTokens(operationMarkdown(ctx.api, operation, { description: !page.operationsIntroduced }), token.tokens);
      return token;
    },
    renderer(token) {
      const { id, tokens } = token as OperationToken;
      if (!ctx.api?.operations.has(id)) {
        const known = ctx.api ? [...ctx.api.operations.keys()].join(', ') : 'none (content/api/openapi.yaml is missing)';
        throw new BuildError(at(page, token), `Unknown API operation "${id}".`, `Use an operationId of content/api/openapi.yaml: ${known}.`);
      }
      page.operations.push(id);
      return this.parser.parse(tokens);
    },
  };
}
