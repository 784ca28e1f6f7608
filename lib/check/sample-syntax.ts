// Check, request samples: the small part of JavaScript and Python that request samples are written
// in (literals, objects, lists, calls, template strings, variables), read into expressions with the
// file line of each, so that lib/check/sample-node.ts and sample-python.ts can find the request a
// sample sends. Anything else (operators, functions, comprehension conditions) is kept as "other":
// what it evaluates to is not known, and the check never guesses it. Bracketed constructs are read
// once per sample whoever asks (lib/check/sample-token-index.ts), and nesting deeper than
// MAX_NESTING stops the reading (lib/check/sample-limits.ts), so reading is linear in the sample.
import { MAX_NESTING, SampleLimitError } from './sample-limits.ts';
import { OPENERS, tokenIndex, type CallSite, type Read, type TokenIndex } from './sample-token-index.ts';
import type { Language, TemplatePart, Token } from './sample-tokens.ts';

export type Expr =
  | { t: 'str'; value: string; line: number }
  | { t: 'tpl'; parts: TemplatePart[]; line: number }
  | { t: 'num'; value: number; line: number }
  | { t: 'bool'; value: boolean; line: number }
  | { t: 'null'; line: number }
  | { t: 'obj'; entries: ObjEntry[]; open: boolean; line: number }
  | { t: 'arr'; items: Expr[]; open: boolean; line: number }
  | { t: 'id'; name: string; line: number }
  | { t: 'call'; callee: string; args: Expr[]; kwargs: Kwarg[]; line: number; end: number }
  | { t: 'new'; callee: string; args: Expr[]; line: number }
  | { t: 'other'; line: number };

export interface ObjEntry { key: string; keyLine: number; value: Expr }
export interface Kwarg { name: string; line: number; value: Expr }

const BINARY = new Set(['+', '-', '*', '/', '%', '**', '//', '==', '===', '!=', '!==', '<', '>', '<=', '>=', '&&', '||', '??', '|', '&', '?', ':', 'and', 'or', 'if', 'else', 'in', 'not', 'is']);
const BINARY_WORDS = new Set(['and', 'or', 'if', 'in', 'not', 'is']);

/** Reads expressions from a token list; `pos` moves past what was read. */
export class ExprReader {
  pos = 0;
  /** How many expressions are being read inside each other. */
  private depth = 0;
  private readonly index: TokenIndex;
  constructor(readonly tokens: Token[], readonly language: Language) {
    this.index = tokenIndex(tokens, language);
  }

  peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }

  private is(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token !== undefined && token.type !== 'str' && token.type !== 'tpl' && token.text === text;
  }

  /** One expression; `nested` is true inside brackets (where Python line breaks do not end it). */
  expression(nested: boolean): Expr {
    if (++this.depth > MAX_NESTING) {
      const line = (this.peek() ?? this.tokens[this.tokens.length - 1])?.line ?? 0;
      throw new SampleLimitError(line, `it nests brackets or operators more than ${MAX_NESTING} deep`);
    }
    const first = this.primary(nested);
    // An operator after the operand makes the value unknown (a sum, a comparison, a conditional).
    let result = first;
    while (this.continues(nested)) {
      this.pos++;
      this.primary(nested);
      result = { t: 'other', line: first.line };
    }
    this.depth--;
    return result;
  }

  private continues(nested: boolean): boolean {
    const token = this.peek();
    if (!token || token.type !== 'punct' && token.type !== 'id') return false;
    if (this.language === 'python' && !nested && token.newline) return false;
    // "a ? b : c" is read up to the ":", and what is left of it is skipped as part of the entry.
    if (token.text === ':' || token.text === 'else') return false;
    return token.type === 'punct' ? BINARY.has(token.text) : BINARY_WORDS.has(token.text);
  }

  /** An operand with its prefix operators (read in a loop: a long run of them must not deepen the stack). */
  private primary(nested: boolean): Expr {
    const prefixes: Token[] = [];
    for (let token = this.peek(); token; token = this.peek()) {
      const word = token.type === 'id' && (token.text === 'await' || token.text === 'not' || token.text === 'typeof');
      const sign = token.type === 'punct' && (token.text === '-' || token.text === '+' || token.text === '!');
      if (!word && !sign) break;
      prefixes.push(token);
      this.pos++;
    }
    let result = this.operand(nested);
    for (let index = prefixes.length - 1; index >= 0; index--) {
      const prefix = prefixes[index] as Token;
      if (prefix.text === 'await') continue;
      const operand = result;
      // -1 is a number; not x, typeof x, !x and a sign before anything else are not known.
      result = operand.t === 'num' && (prefix.text === '-' || prefix.text === '+')
        ? { ...operand, value: prefix.text === '-' ? -operand.value : operand.value }
        : { t: 'other', line: prefix.line };
    }
    return result;
  }

  private operand(nested: boolean): Expr {
    const token = this.peek();
    if (!token) return { t: 'other', line: this.tokens[this.tokens.length - 1]?.line ?? 0 };
    const line = token.line;
    let expr: Expr;
    if (token.type === 'str') {
      this.pos++;
      expr = { t: 'str', value: token.value ?? '', line };
      // Python joins adjacent literals.
      while (this.language === 'python' && this.peek()?.type === 'str') expr = { ...expr, value: expr.value + (this.tokens[this.pos++]?.value ?? '') };
    } else if (token.type === 'tpl') {
      this.pos++;
      expr = { t: 'tpl', parts: token.parts ?? [], line };
    } else if (token.type === 'num') {
      this.pos++;
      expr = { t: 'num', value: Number(token.text.replace(/_/g, '')), line };
    } else if (token.type === 'id') {
      expr = this.identifier(nested);
    } else if (token.text === '{') {
      expr = this.object();
    } else if (token.text === '[') {
      expr = this.array();
    } else if (token.text === '(') {
      expr = this.parenthesised();
    } else {
      this.pos++;
      return { t: 'other', line };
    }
    return this.postfix(expr, nested);
  }

  private identifier(nested: boolean): Expr {
    const token = this.tokens[this.pos++] as Token;
    const line = token.line;
    const literal: Record<string, Expr> = this.language === 'js'
      ? { true: { t: 'bool', value: true, line }, false: { t: 'bool', value: false, line }, null: { t: 'null', line }, undefined: { t: 'null', line } }
      : { True: { t: 'bool', value: true, line }, False: { t: 'bool', value: false, line }, None: { t: 'null', line } };
    const known = literal[token.text];
    if (known) return known;
    if (token.text === 'new' && this.language === 'js') {
      const callee = this.dotted();
      const args = this.is('(') ? this.callArguments().args : [];
      return { t: 'new', callee, args, line };
    }
    if (token.text === 'function' || token.text === 'async' || token.text === 'lambda') {
      this.skipRest(nested);
      return { t: 'other', line };
    }
    let name = token.text;
    while ((this.is('.') || this.is('?.')) && this.peek(1)?.type === 'id') {
      name += `.${this.peek(1)?.text ?? ''}`;
      this.pos += 2;
    }
    // x => …
    if (this.is('=>')) {
      this.pos++;
      this.skipRest(nested);
      return { t: 'other', line };
    }
    return { t: 'id', name, line };
  }

  private dotted(): string {
    let name = this.tokens[this.pos++]?.text ?? '';
    while (this.is('.') && this.peek(1)?.type === 'id') {
      name += `.${this.peek(1)?.text ?? ''}`;
      this.pos += 2;
    }
    return name;
  }

  private postfix(expr: Expr, nested: boolean): Expr {
    let result = expr;
    for (;;) {
      if (this.is('(') && (result.t === 'id' || result.t === 'call')) {
        const callee = result.t === 'id' ? result.name : `${result.callee}()`;
        const { args, kwargs } = this.callArguments();
        result = { t: 'call', callee, args, kwargs, line: result.line, end: this.pos };
      } else if ((this.is('.') || this.is('?.')) && this.peek(1)?.type === 'id') {
        const member = this.peek(1)?.text ?? '';
        this.pos += 2;
        const base = result.t === 'call' ? `${result.callee}()` : result.t === 'id' ? result.name : '?';
        result = { t: 'id', name: `${base}.${member}`, line: result.line };
      } else if (this.is('[')) {
        this.skipBalanced();
        result = { t: 'other', line: result.line };
      } else {
        return result;
      }
      if (this.language === 'python' && !nested && this.peek()?.newline) return result;
    }
  }

  /** "(…)": positional arguments and Python keyword arguments. */
  callArguments(): { args: Expr[]; kwargs: Kwarg[] } {
    return this.once(this.index.argumentLists, () => this.readArguments());
  }

  /** A bracketed construct at `pos`, read once per token list whichever reader asks. */
  private once<T>(table: Map<number, Read<unknown>>, read: () => T): T {
    const start = this.pos;
    const known = table.get(start);
    if (known) {
      this.pos = known.end;
      return known.value as T;
    }
    const value = read();
    table.set(start, { value, end: this.pos });
    return value;
  }

  private readArguments(): { args: Expr[]; kwargs: Kwarg[] } {
    const args: Expr[] = [];
    const kwargs: Kwarg[] = [];
    this.pos++;
    while (this.peek() && !this.is(')')) {
      const token = this.peek() as Token;
      if (this.language === 'python' && token.type === 'id' && this.is('=', 1)) {
        this.pos += 2;
        kwargs.push({ name: token.text, line: token.line, value: this.expression(true) });
      } else if (this.is('...') || this.is('*') || this.is('**')) {
        this.pos++;
        this.expression(true);
        args.push({ t: 'other', line: token.line });
      } else {
        args.push(this.expression(true));
        if (this.is('for')) { this.skipUntilClose(); break; }
      }
      if (!this.separator(')')) break;
    }
    if (this.is(')')) this.pos++;
    return { args, kwargs };
  }

  private object(): Expr {
    return this.once(this.index.objects, () => this.readObject());
  }

  private readObject(): Expr {
    const line = this.tokens[this.pos]?.line ?? 0;
    this.pos++;
    const entries: ObjEntry[] = [];
    let open = false;
    while (this.peek() && !this.is('}')) {
      const token = this.peek() as Token;
      if (this.is('...') || this.is('**')) {
        this.pos++;
        this.expression(true);
        open = true;
      } else if ((token.type === 'str' || token.type === 'id' || token.type === 'num') && this.is(':', 1)) {
        this.pos += 2;
        entries.push({ key: token.type === 'str' ? token.value ?? '' : token.text, keyLine: token.line, value: this.expression(true) });
      } else if (this.language === 'js' && token.type === 'id' && (this.is(',', 1) || this.is('}', 1))) {
        // { name } is { name: name }
        this.pos++;
        entries.push({ key: token.text, keyLine: token.line, value: { t: 'id', name: token.text, line: token.line } });
      } else {
        // A computed key, a method, a set or a comprehension: keys not known.
        open = true;
        this.skipEntry();
      }
      if (!this.separator('}')) break;
    }
    if (this.is('}')) this.pos++;
    return { t: 'obj', entries, open, line };
  }

  private array(): Expr {
    return this.once(this.index.arrays, () => this.readArray());
  }

  private readArray(): Expr {
    const line = this.tokens[this.pos]?.line ?? 0;
    this.pos++;
    const items: Expr[] = [];
    let open = false;
    while (this.peek() && !this.is(']')) {
      if (this.is('...') || this.is('*')) {
        this.pos++;
        this.expression(true);
        open = true;
      } else {
        items.push(this.expression(true));
        // [item for item in …]: one item shape, any number of items.
        if (this.is('for')) { this.skipUntilClose(); open = true; break; }
      }
      if (!this.separator(']')) break;
    }
    if (this.is(']')) this.pos++;
    return { t: 'arr', items, open, line };
  }

  /** "( … )": a Python tuple reads like a list; one expression in parentheses is itself. */
  private parenthesised(): Expr {
    return this.once(this.index.parentheses, () => this.readParenthesised());
  }

  private readParenthesised(): Expr {
    const line = this.tokens[this.pos]?.line ?? 0;
    // (x) => …, (a, b) => …
    const close = this.matching(this.pos);
    if (this.tokens[close + 1]?.text === '=>') {
      this.pos = close + 2;
      this.skipRest(true);
      return { t: 'other', line };
    }
    this.pos++;
    const items: Expr[] = [];
    let comma = false;
    let open = false;
    while (this.peek() && !this.is(')')) {
      items.push(this.expression(true));
      if (this.is('for')) { this.skipUntilClose(); open = true; break; }
      if (this.is(',')) comma = true;
      if (!this.separator(')')) break;
    }
    if (this.is(')')) this.pos++;
    if (!comma && !open && items.length === 1) return items[0] as Expr;
    return { t: 'arr', items, open, line };
  }

  /** Past a "," (true) or at the closing bracket (true); anything else is skipped up to one of them. */
  private separator(close: string): boolean {
    if (this.is(',')) { this.pos++; return true; }
    if (this.is(close)) return true;
    this.skipEntry();
    if (this.is(',')) { this.pos++; return true; }
    return this.is(close);
  }

  /** Skips to the next "," or closing bracket at this level. */
  private skipEntry(): void {
    this.pos = this.index.entryEnd(this.pos);
  }

  private skipUntilClose(): void {
    this.skipEntry();
    while (this.is(',')) { this.pos++; this.skipEntry(); }
  }

  /** The rest of an arrow function or lambda: its body up to the end of the argument or statement. */
  private skipRest(nested: boolean): void {
    if (this.is('{')) { this.skipBalanced(); return; }
    this.pos = this.index.restEnd(this.pos, this.language === 'python' && !nested);
  }

  /** Index of the token that closes the bracket at `index`. */
  matching(index: number): number {
    return this.index.closingOf(index);
  }

  skipBalanced(): void {
    this.pos = this.matching(this.pos) + 1;
  }
}

/** Calls anywhere in the tokens whose callee satisfies `wanted` ("fetch", "requests.post"). */
export function findCalls(tokens: Token[], language: Language, wanted: (callee: string) => boolean): Extract<Expr, { t: 'call' }>[] {
  return readCalls(tokens, language, tokenIndex(tokens, language).calls(wanted));
}

/** Calls of the given dotted names ("form.append", "form.set"), in order. */
export function callsNamed(tokens: Token[], language: Language, names: string[]): Extract<Expr, { t: 'call' }>[] {
  const index = tokenIndex(tokens, language);
  return readCalls(tokens, language, [...new Set(names)].flatMap((name) => index.callsNamed(name)).sort((a, b) => a.at - b.at));
}

function readCalls(tokens: Token[], language: Language, sites: CallSite[]): Extract<Expr, { t: 'call' }>[] {
  const reader = new ExprReader(tokens, language);
  return sites.map((site) => {
    reader.pos = site.open;
    const { args, kwargs } = reader.callArguments();
    return { t: 'call', callee: site.name, args, kwargs, line: (tokens[site.at] as Token).line, end: reader.pos };
  });
}

/**
 * The values variables are given in the sample: `const name = …` (JavaScript) and `name = …` at the
 * start of a statement (Python), each with the token index where it is made. A later assignment
 * replaces an earlier one for code after it.
 */
export function assignments(tokens: Token[], language: Language): { name: string; at: number; value: Expr }[] {
  const found: { name: string; at: number; value: Expr }[] = [];
  // Bracket depth: a Python statement starts only outside brackets (a keyword argument on its own
  // line is no assignment).
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.type === 'punct' && '([{'.includes(token.text)) depth++;
    if (token.type === 'punct' && ')]}'.includes(token.text)) depth = Math.max(0, depth - 1);
    if (token.type !== 'id') continue;
    let nameIndex = -1;
    if (language === 'js' && ['const', 'let', 'var'].includes(token.text) && tokens[i + 1]?.type === 'id' && tokens[i + 2]?.text === '=') nameIndex = i + 1;
    if (language === 'js' && tokens[i - 1]?.text !== '.' && !['const', 'let', 'var'].includes(tokens[i - 1]?.text ?? '') && tokens[i + 1]?.text === '=' && tokens[i + 1]?.type === 'punct' && (token.newline || tokens[i - 1]?.text === ';' || tokens[i - 1]?.text === '{')) nameIndex = i;
    if (language === 'python' && depth === 0 && token.newline && tokens[i + 1]?.text === '=' && tokens[i + 1]?.type === 'punct') nameIndex = i;
    if (nameIndex < 0) continue;
    const reader = new ExprReader(tokens, language);
    reader.pos = nameIndex + 2;
    found.push({ name: tokens[nameIndex]?.text ?? '', at: nameIndex, value: reader.expression(false) });
  }
  return found;
}
