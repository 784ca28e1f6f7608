// Check, request samples: the small part of JavaScript and Python that request samples are written
// in (literals, objects, lists, calls, template strings, variables), read into expressions with the
// file line of each, so that lib/check/sample-node.ts and sample-python.ts can find the request a
// sample sends. Anything else (operators, functions, comprehension conditions) is kept as "other":
// what it evaluates to is not known, and the check never guesses it.

export type Language = 'js' | 'python';

export interface Token {
  type: 'id' | 'str' | 'tpl' | 'num' | 'punct';
  text: string;
  /** A string's value; a template's parts (text, or the source of an interpolated expression). */
  value?: string;
  parts?: TemplatePart[];
  line: number;
  /** A line break comes before the token (ends a Python statement outside brackets). */
  newline: boolean;
}

export type TemplatePart = { text: string } | { expr: string };

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

const PUNCT = ['...', '===', '!==', '**=', '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '**', '//', '+=', '-=', '*=', '/=', '->'];

/** The tokens of a sample; `firstLine` is the file line of the code's first line. */
export function tokenize(code: string, language: Language, firstLine: number): Token[] {
  const tokens: Token[] = [];
  let line = firstLine;
  let newline = true;
  let i = 0;
  const push = (token: Omit<Token, 'line' | 'newline'>, startLine: number) => {
    tokens.push({ ...token, line: startLine, newline });
    newline = false;
  };
  while (i < code.length) {
    const c = code[i] as string;
    if (c === '\n') { line++; newline = true; i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '\\' && code[i + 1] === '\n') { i += 2; line++; continue; }
    // Comments
    if ((language === 'python' && c === '#') || (language === 'js' && c === '/' && code[i + 1] === '/')) {
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    }
    if (language === 'js' && c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end < 0 ? code.length : end + 2;
      for (let k = i; k < stop; k++) if (code[k] === '\n') line++;
      i = stop;
      continue;
    }
    // Strings (Python prefixes: r, b, f, u and their pairs)
    const prefix = language === 'python' ? /^([rRbBfFuU]{1,2})?("""|'''|"|')/.exec(code.slice(i, i + 5)) : null;
    if (prefix || (language === 'js' && (c === '"' || c === "'" || c === '`'))) {
      const start = line;
      const flags = (prefix?.[1] ?? '').toLowerCase();
      const quote = prefix ? (prefix[2] as string) : c;
      i += (prefix?.[1]?.length ?? 0) + quote.length;
      const template = quote === '`' || flags.includes('f');
      const raw = flags.includes('r');
      const parts: TemplatePart[] = [];
      let text = '';
      while (i < code.length && !code.startsWith(quote, i)) {
        const ch = code[i] as string;
        if (ch === '\n') {
          line++;
          // An unterminated one-line string: stop at the line's end.
          if (quote.length === 1 && quote !== '`') break;
        }
        if (ch === '\\' && !raw) {
          const next = code[i + 1] ?? '';
          const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\n': '' };
          text += escapes[next] ?? next;
          if (next === '\n') line++;
          i += 2;
          continue;
        }
        if (template && quote === '`' && ch === '$' && code[i + 1] === '{') {
          const end = closingBrace(code, i + 2);
          parts.push({ text }, { expr: code.slice(i + 2, end) });
          text = '';
          i = end + 1;
          continue;
        }
        if (template && quote !== '`' && ch === '{') {
          if (code[i + 1] === '{') { text += '{'; i += 2; continue; }
          const end = closingBrace(code, i + 1);
          parts.push({ text }, { expr: code.slice(i + 1, end) });
          text = '';
          i = end + 1;
          continue;
        }
        if (template && quote !== '`' && ch === '}' && code[i + 1] === '}') { text += '}'; i += 2; continue; }
        text += ch;
        i++;
      }
      i += quote.length;
      if (parts.length > 0) {
        parts.push({ text });
        push({ type: 'tpl', text: '', parts: parts.filter((part) => !('text' in part) || part.text !== '') }, start);
      } else {
        push({ type: 'str', text: '', value: text }, start);
      }
      continue;
    }
    const number = /^(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?|\.\d[\d_]*)/.exec(code.slice(i, i + 40));
    if (number) {
      push({ type: 'num', text: number[0] }, line);
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(code.slice(i, i + 200));
    if (word) {
      push({ type: 'id', text: word[0] }, line);
      i += word[0].length;
      continue;
    }
    const op = PUNCT.find((p) => code.startsWith(p, i)) ?? c;
    push({ type: 'punct', text: op }, line);
    i += op.length;
  }
  return tokens;
}

/** Index of the "}" that closes an interpolation opened just before `from`. */
function closingBrace(code: string, from: number): number {
  let depth = 1;
  for (let i = from; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) return i;
  }
  return code.length;
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Reads expressions from a token list; `pos` moves past what was read. */
export class ExprReader {
  pos = 0;
  constructor(readonly tokens: Token[], readonly language: Language) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }

  private is(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token !== undefined && token.type !== 'str' && token.type !== 'tpl' && token.text === text;
  }

  /** One expression; `nested` is true inside brackets (where Python line breaks do not end it). */
  expression(nested: boolean): Expr {
    const first = this.primary(nested);
    // An operator after the operand makes the value unknown (a sum, a comparison, a conditional).
    let result = first;
    while (this.continues(nested)) {
      this.pos++;
      this.primary(nested);
      result = { t: 'other', line: first.line };
    }
    return result;
  }

  private continues(nested: boolean): boolean {
    const token = this.peek();
    if (!token || token.type !== 'punct' && token.type !== 'id') return false;
    if (this.language === 'python' && !nested && token.newline) return false;
    const binary = ['+', '-', '*', '/', '%', '**', '//', '==', '===', '!=', '!==', '<', '>', '<=', '>=', '&&', '||', '??', '|', '&', '?', ':', 'and', 'or', 'if', 'else', 'in', 'not', 'is'];
    // "a ? b : c" is read up to the ":", and what is left of it is skipped as part of the entry.
    if (token.text === ':' || token.text === 'else') return false;
    return token.type === 'punct' ? binary.includes(token.text) : ['and', 'or', 'if', 'in', 'not', 'is'].includes(token.text);
  }

  private primary(nested: boolean): Expr {
    const token = this.peek();
    if (!token) return { t: 'other', line: this.tokens[this.tokens.length - 1]?.line ?? 0 };
    const line = token.line;
    if (token.type === 'id' && (token.text === 'await' || token.text === 'not' || token.text === 'typeof')) {
      this.pos++;
      return token.text === 'await' ? this.primary(nested) : (this.primary(nested), { t: 'other', line });
    }
    if (token.type === 'punct' && (token.text === '-' || token.text === '+' || token.text === '!')) {
      this.pos++;
      const operand = this.primary(nested);
      if (operand.t === 'num' && token.text !== '!') return { ...operand, value: token.text === '-' ? -operand.value : operand.value };
      return { t: 'other', line };
    }
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
    while (this.peek() && !this.is(',') && !this.is(')') && !this.is(']') && !this.is('}')) {
      if (this.peek()?.type === 'punct' && OPENERS[this.peek()?.text ?? '']) this.skipBalanced();
      else this.pos++;
    }
  }

  private skipUntilClose(): void {
    this.skipEntry();
    while (this.is(',')) { this.pos++; this.skipEntry(); }
  }

  /** The rest of an arrow function or lambda: its body up to the end of the argument or statement. */
  private skipRest(nested: boolean): void {
    if (this.is('{')) { this.skipBalanced(); return; }
    while (this.peek() && !this.is(',') && !this.is(')') && !this.is(']') && !this.is('}') && !this.is(';')) {
      if (this.language === 'python' && !nested && this.peek()?.newline) return;
      if (this.peek()?.type === 'punct' && OPENERS[this.peek()?.text ?? '']) this.skipBalanced();
      else this.pos++;
    }
  }

  /** Index of the token that closes the bracket at `index`. */
  matching(index: number): number {
    const open = this.tokens[index]?.text ?? '';
    const close = OPENERS[open];
    let depth = 0;
    for (let i = index; i < this.tokens.length; i++) {
      const token = this.tokens[i] as Token;
      if (token.type !== 'punct') continue;
      if (token.text === open) depth++;
      else if (token.text === close && --depth === 0) return i;
    }
    return this.tokens.length - 1;
  }

  skipBalanced(): void {
    this.pos = this.matching(this.pos) + 1;
  }
}

/** Calls anywhere in the tokens whose callee satisfies `wanted` ("fetch", "requests.post"). */
export function findCalls(tokens: Token[], language: Language, wanted: (callee: string) => boolean): Extract<Expr, { t: 'call' }>[] {
  const calls: Extract<Expr, { t: 'call' }>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.type !== 'id' || tokens[i - 1]?.text === '.') continue;
    let name = token.text;
    let j = i + 1;
    while (tokens[j]?.text === '.' && tokens[j + 1]?.type === 'id') {
      name += `.${tokens[j + 1]?.text ?? ''}`;
      j += 2;
    }
    if (tokens[j]?.text !== '(' || tokens[j]?.type !== 'punct' || !wanted(name)) continue;
    const reader = new ExprReader(tokens, language);
    reader.pos = j;
    const { args, kwargs } = reader.callArguments();
    calls.push({ t: 'call', callee: name, args, kwargs, line: token.line, end: reader.pos });
    i = j;
  }
  return calls;
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
