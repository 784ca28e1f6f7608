// Transform, MDX: `import` and `export` blocks. They are code for the MDX compiler, never page
// text (Docusaurus 3 reads .md files as MDX too, so this holds for both). Each block is parsed
// with acorn; the names it imports are remembered so that JSX can use them: components of the
// Docusaurus theme (@theme/Tabs …) and files (`import logo from './logo.png'`, then `<img src={logo} />`).
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { JsxParser } from './mdx-jsx.ts';
import { at, type PageState } from './page-state.ts';
import { mdxState } from './mdx-state.ts';

interface EsmToken extends Tokens.Generic {
  type: 'mdxEsm';
  /** Why the block is left out with a warning (it does not parse, or it exports a layout), if it is. */
  problem: string | undefined;
}

/** A line that only ESM starts this way; prose ("import the file …") is told apart by the parse. */
const START = /^(?:import[\s{*'"]|export[\s{*])/;
/** A block that does not parse but was plainly meant as ESM: left out with a warning, not shown. */
const MEANT_AS_ESM = /^(?:import\s+(?:[\w*{][^\n]*\sfrom\s*|)['"]|export\s+(?:const|let|var|function|default|\{))/;

interface EsmNode {
  type: string;
  start: number;
  end: number;
  source?: { value: unknown };
  specifiers?: { type: string; local: { name: string } }[];
}

export function esmExtension(page: PageState): TokenizerAndRendererExtension {
  return {
    name: 'mdxEsm',
    level: 'block',
    tokenizer(src) {
      if (!START.test(src)) return undefined;
      const blank = /\n[ \t]*(?:\n|$)/.exec(src);
      const raw = blank ? src.slice(0, blank.index + blank[0].length) : src;
      let body: EsmNode[];
      try {
        body = (JsxParser.parse(raw, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: EsmNode[] }).body;
      } catch {
        if (!MEANT_AS_ESM.test(src)) return undefined;
        return { type: 'mdxEsm', raw, problem: 'This import/export block is not valid JavaScript' } satisfies EsmToken;
      }
      if (!body.every((node) => node.type.startsWith('Import') || node.type.startsWith('Export'))) return undefined;
      const state = mdxState(page);
      for (const node of body) {
        if (node.type !== 'ImportDeclaration' || typeof node.source?.value !== 'string') continue;
        for (const specifier of node.specifiers ?? []) state.imports.set(specifier.local.name, node.source.value);
      }
      const layout = body.some((node) => node.type === 'ExportDefaultDeclaration');
      return { type: 'mdxEsm', raw, problem: layout ? '"export default" (an MDX layout) is not supported' : undefined } satisfies EsmToken;
    },
    renderer(token) {
      const { problem } = token as EsmToken;
      if (problem) page.ctx.diagnostics.warn(at(page, token), `${problem}; it is left out of the page. Remove it, or write the page in Markdown.`);
      return '';
    },
  };
}
