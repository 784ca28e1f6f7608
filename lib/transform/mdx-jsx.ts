// Transform, MDX: reading JSX tags and JavaScript expressions with acorn + acorn-jsx, never running
// them. Markdown finds where a tag or an expression may start; the parser says where it ends and
// what it holds. Values are read from the syntax tree: literals, arrays and objects of literals,
// and names bound by an import (lib/transform/mdx-esm.ts).
import { Parser, tokTypes, type Node } from 'acorn';
import jsx from 'acorn-jsx';

export const JsxParser = Parser.extend(jsx());

/** How far a tag may reach: the parse is tried at each ">" up to here, so it must stay bounded. */
const MAX_TAG_CHARS = 4000;
const MAX_TAG_TRIES = 64;

/** A value read statically from an attribute or a prop, or why it cannot be. */
export type StaticValue =
  | { kind: 'value'; value: unknown }
  | { kind: 'import'; source: string }
  /** useBaseUrl('/img/a.png'): a path of the site, under its base URL. */
  | { kind: 'siteUrl'; path: string }
  /** A name the page binds (an import), looked up when the element is rendered. */
  | { kind: 'binding'; name: string }
  | { kind: 'dynamic'; text: string };

export interface JsxAttribute {
  name: string;
  /** undefined for a bare attribute (`default`, `open`), which means true. */
  value: StaticValue | undefined;
  /** Written in braces (`style={{…}}`, `width={300}`): JSX, not HTML. */
  braced: boolean;
}

export interface JsxOpeningTag {
  name: string;
  attributes: JsxAttribute[];
  /** Spread attributes (`{...props}`), which cannot be read statically. */
  spreads: string[];
  selfClosing: boolean;
  /** Characters of the source the opening tag takes. */
  length: number;
}

interface AnyNode extends Node {
  [key: string]: unknown;
}

function parseWhole(code: string): AnyNode | undefined {
  try {
    const node = JsxParser.parseExpressionAt(code, 0, { ecmaVersion: 'latest', sourceType: 'module' }) as AnyNode;
    return node.end === code.length ? node : undefined;
  } catch {
    return undefined;
  }
}

function nameOf(node: AnyNode, code: string): string {
  return code.slice(node.start, node.end);
}

/**
 * The JSX opening tag at the start of src ("<Tabs groupId="os">", "<img src={logo} />"), or
 * undefined when src does not start with one. Each ">" is tried in turn as the tag's end, and the
 * parser accepts or refuses it, so quotes, braces and ">" inside values are read as JSX reads them.
 */
export function readOpeningTag(src: string): JsxOpeningTag | undefined {
  const name = /^<([A-Za-z][\w.:-]*)/.exec(src)?.[1];
  if (!name) return undefined;
  const limit = Math.min(src.length, MAX_TAG_CHARS);
  let tries = 0;
  for (let at = src.indexOf('>'); at >= 0 && at < limit && tries < MAX_TAG_TRIES; at = src.indexOf('>', at + 1), tries++) {
    const tag = src.slice(0, at + 1);
    const selfClosing = tag.endsWith('/>');
    const element = parseWhole(selfClosing ? tag : `${tag}</${name}>`);
    if (element?.type !== 'JSXElement') continue;
    const opening = element.openingElement as AnyNode;
    const code = selfClosing ? tag : `${tag}</${name}>`;
    const attributes: JsxAttribute[] = [];
    const spreads: string[] = [];
    for (const attribute of opening.attributes as AnyNode[]) {
      if (attribute.type === 'JSXSpreadAttribute') {
        spreads.push(nameOf(attribute, code));
        continue;
      }
      const value = attribute.value as AnyNode | null;
      attributes.push({
        name: nameOf(attribute.name as AnyNode, code),
        value: value === null ? undefined : attributeValue(value, code),
        braced: value?.type === 'JSXExpressionContainer',
      });
    }
    return { name: nameOf(opening.name as AnyNode, code), attributes, spreads, selfClosing, length: tag.length };
  }
  return undefined;
}

function attributeValue(node: AnyNode, code: string): StaticValue {
  if (node.type === 'Literal') return { kind: 'value', value: node.value };
  if (node.type === 'JSXExpressionContainer') return staticValue(node.expression as AnyNode, code);
  return { kind: 'dynamic', text: nameOf(node, code) };
}

const DYNAMIC = Symbol('dynamic');

/** What an expression holds, when it can be known without running it. */
export function staticValue(node: AnyNode, code: string): StaticValue {
  const importSource = requiredSource(node);
  if (importSource !== undefined) return { kind: 'import', source: importSource };
  if (node.type === 'Identifier') return { kind: 'binding', name: String(node.name) };
  const sitePath = baseUrlPath(node);
  if (sitePath !== undefined) return { kind: 'siteUrl', path: sitePath };
  const value = literal(node);
  return value === DYNAMIC ? { kind: 'dynamic', text: nameOf(node, code) } : { kind: 'value', value };
}

/** `require('./a.png')` and `require('./a.png').default`: the file Docusaurus 2 pages load that way. */
function requiredSource(node: AnyNode): string | undefined {
  let call = node;
  if (node.type === 'MemberExpression' && !node.computed && (node.property as AnyNode).name === 'default') call = node.object as AnyNode;
  if (call.type !== 'CallExpression' || (call.callee as AnyNode).type !== 'Identifier' || (call.callee as AnyNode).name !== 'require') return undefined;
  const args = call.arguments as AnyNode[];
  const first = args[0];
  return args.length === 1 && first?.type === 'Literal' && typeof first.value === 'string' ? first.value : undefined;
}

/** `useBaseUrl('/img/a.png')`, Docusaurus's way to write a path of the site in JSX. */
function baseUrlPath(node: AnyNode): string | undefined {
  if (node.type !== 'CallExpression' || (node.callee as AnyNode).type !== 'Identifier' || (node.callee as AnyNode).name !== 'useBaseUrl') return undefined;
  const first = (node.arguments as AnyNode[])[0];
  // A scheme or "//host" would leave the site: that is not what useBaseUrl is for.
  return first?.type === 'Literal' && typeof first.value === 'string' && !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(first.value) ? first.value : undefined;
}

function literal(node: AnyNode): unknown {
  switch (node.type) {
    case 'Literal':
      return node.regex ? DYNAMIC : node.value;
    case 'TemplateLiteral': {
      const quasis = node.quasis as AnyNode[];
      return (node.expressions as AnyNode[]).length === 0 ? String((quasis[0]?.value as { cooked: string }).cooked) : DYNAMIC;
    }
    case 'UnaryExpression': {
      const argument = literal(node.argument as AnyNode);
      return node.operator === '-' && typeof argument === 'number' ? -argument : DYNAMIC;
    }
    case 'ArrayExpression': {
      const items = (node.elements as (AnyNode | null)[]).map((item) => (item === null || item.type === 'SpreadElement' ? DYNAMIC : literal(item)));
      return items.includes(DYNAMIC) ? DYNAMIC : items;
    }
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of node.properties as AnyNode[]) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init') return DYNAMIC;
        const key = property.key as AnyNode;
        const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : undefined;
        const value = literal(property.value as AnyNode);
        if (name === undefined || value === DYNAMIC) return DYNAMIC;
        object[String(name)] = value;
      }
      return object;
    }
    default:
      return DYNAMIC;
  }
}

/** A `{…}` expression at the start of src: its length, and whether it holds only comments. */
export interface ExpressionSpan {
  length: number;
  commentOnly: boolean;
}

/**
 * The `{…}` at the start of src, found with acorn's tokenizer (strings, template literals, regular
 * expressions and comments may hold braces), or undefined when it is not one: unbalanced, or not
 * JavaScript.
 */
export function readExpression(src: string): ExpressionSpan | undefined {
  if (!src.startsWith('{')) return undefined;
  let depth = 0;
  let tokens = 0;
  try {
    for (const token of JsxParser.tokenizer(src.slice(1), { ecmaVersion: 'latest', sourceType: 'module' })) {
      if (token.type === tokTypes.eof) return undefined;
      if (token.type === tokTypes.braceL || token.type === tokTypes.dollarBraceL) depth++;
      if (token.type === tokTypes.braceR) {
        if (depth === 0) return { length: token.end + 1, commentOnly: tokens === 0 };
        depth--;
      }
      tokens++;
      if (token.end > MAX_TAG_CHARS * 4) return undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * Where the element opened at the start of src closes: the index of its "</name>" and the index
 * after it, counting nested elements of the same name and skipping fenced code, or undefined if it
 * never closes.
 */
export function findClosingTag(src: string, opening: JsxOpeningTag): { start: number; end: number } | undefined {
  const escaped = opening.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`<(/?)${escaped}(?=[\\s/>])|^ {0,3}(\`{3,}|~{3,})`, 'gm');
  pattern.lastIndex = opening.length;
  let depth = 0;
  for (let match = pattern.exec(src); match; match = pattern.exec(src)) {
    const fence = match[2];
    if (fence) {
      const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`, 'm');
      const rest = src.slice(match.index + match[0].length);
      const lineEnd = rest.indexOf('\n');
      if (lineEnd < 0) return undefined;
      const closing = close.exec(rest.slice(lineEnd + 1));
      if (!closing) return undefined;
      pattern.lastIndex = match.index + match[0].length + lineEnd + 1 + closing.index + closing[0].length;
      continue;
    }
    if (match[1]) {
      const end = /^<\/[^>]*>/.exec(src.slice(match.index))?.[0].length;
      if (end === undefined) continue;
      if (depth === 0) return { start: match.index, end: match.index + end };
      depth--;
    } else {
      const nested = readOpeningTag(src.slice(match.index));
      if (nested && !nested.selfClosing) depth++;
      if (nested) pattern.lastIndex = match.index + nested.length;
    }
  }
  return undefined;
}
