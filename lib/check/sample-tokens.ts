// Check, request samples: the tokens of a JavaScript or Python sample (identifiers, strings,
// template and f-strings with their interpolations, numbers, punctuation), each with its file line,
// for the expression reader of lib/check/sample-syntax.ts. One pass, each character looked at a
// bounded number of times, so the cost is linear in the sample's size.

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

/** Operators of two and three characters; anything else is read one character at a time. */
const PUNCT3 = new Set(['...', '===', '!==', '**=']);
const PUNCT2 = new Set(['=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '**', '//', '+=', '-=', '*=', '/=', '->']);
/** The first characters of PUNCT3 and PUNCT2. */
const OPERATOR_START = '.=!*<>&|?/+-';
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\n': '' };
/** Python string prefixes (r, b, f, u and their pairs) and the quote that opens the string. */
const PYTHON_STRING = /([rRbBfFuU]{1,2})?("""|'''|"|')/y;
/** The longest identifier read as one token (a longer one is read as several). */
const WORD_MAX = 200;
const NUMBER = /^(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?|\.\d[\d_]*)/;

/** The tokens of a sample; `firstLine` is the file line of the code's first line. */
export function tokenize(code: string, language: Language, firstLine: number): Token[] {
  const tokens: Token[] = [];
  let line = firstLine;
  let newline = true;
  let i = 0;
  // Every token has the same fields (value and parts undefined where they do not apply).
  const push = (type: Token['type'], text: string, startLine: number, value?: string, parts?: TemplatePart[]) => {
    tokens.push({ type, text, value, parts, line: startLine, newline });
    newline = false;
  };
  while (i < code.length) {
    const c = code[i] as string;
    if (c === '\n') { line++; newline = true; i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '\\' && code[i + 1] === '\n') { i += 2; line++; continue; }
    // Comments
    if ((language === 'python' && c === '#') || (language === 'js' && c === '/' && code[i + 1] === '/')) {
      const end = code.indexOf('\n', i);
      i = end < 0 ? code.length : end;
      continue;
    }
    if (language === 'js' && c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end < 0 ? code.length : end + 2;
      for (let k = i; k < stop; k++) if (code.charCodeAt(k) === 10) line++;
      i = stop;
      continue;
    }
    // Strings
    let prefix: RegExpExecArray | null = null;
    if (language === 'python' && (c === '"' || c === "'" || 'rRbBfFuU'.includes(c))) {
      PYTHON_STRING.lastIndex = i;
      prefix = PYTHON_STRING.exec(code);
    }
    if (prefix || (language === 'js' && (c === '"' || c === "'" || c === '`'))) {
      const start = line;
      const flags = (prefix?.[1] ?? '').toLowerCase();
      const quote = prefix ? (prefix[2] as string) : c;
      i += (prefix?.[1]?.length ?? 0) + quote.length;
      const template = quote === '`' || flags.includes('f');
      const raw = flags.includes('r');
      // The characters that end a run of plain text inside this string: the quote, a line break,
      // an escape, an interpolation.
      const plain = plainRun(quote, raw, template);
      const parts: TemplatePart[] = [];
      let text = '';
      while (i < code.length && !code.startsWith(quote, i)) {
        plain.lastIndex = i;
        if (plain.test(code)) {
          text += code.slice(i, plain.lastIndex);
          i = plain.lastIndex;
          continue;
        }
        const ch = code[i] as string;
        if (ch === '\n') {
          line++;
          // An unterminated one-line string: stop at the line's end.
          if (quote.length === 1 && quote !== '`') break;
        }
        if (ch === '\\' && !raw) {
          const next = code[i + 1] ?? '';
          text += ESCAPES[next] ?? next;
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
        push('tpl', '', start, undefined, parts.filter((part) => !('text' in part) || part.text !== ''));
      } else {
        push('str', '', start, text);
      }
      continue;
    }
    const number = (c >= '0' && c <= '9') || c === '.' ? NUMBER.exec(code.slice(i, i + 40)) : null;
    if (number) {
      push('num', number[0], line);
      i += number[0].length;
      continue;
    }
    WORD.lastIndex = i;
    if (WORD.test(code)) {
      push('id', code.slice(i, WORD.lastIndex), line);
      i = WORD.lastIndex;
      continue;
    }
    const three = OPERATOR_START.includes(c) ? code.slice(i, i + 3) : c;
    const op = PUNCT3.has(three) ? three : PUNCT2.has(three.slice(0, 2)) ? three.slice(0, 2) : c;
    push('punct', op, line);
    i += op.length;
  }
  return tokens;
}

/** An identifier, at most WORD_MAX characters of it. */
const WORD = new RegExp(`[A-Za-z_$][A-Za-z0-9_$]{0,${WORD_MAX - 1}}`, 'y');

/** Sticky expressions for a run of plain text inside each kind of string (see plainRun). */
const PLAIN_RUNS = new Map<string, RegExp>();

/**
 * A run of the characters that need no look inside a string opened by `quote`: all but the quote's
 * first character, a line break, a backslash (unless raw) and, in a template or f-string, "$" or
 * the braces. Found by the regular expression engine rather than a character at a time.
 */
function plainRun(quote: string, raw: boolean, template: boolean): RegExp {
  const key = `${quote[0]}${raw ? 'r' : ''}${template ? 't' : ''}`;
  let run = PLAIN_RUNS.get(key);
  if (!run) {
    const interpolation = !template ? '' : quote === '`' ? '$' : '{}';
    run = new RegExp(`[^${quote[0]}\\n${raw ? '' : '\\\\'}${interpolation}]+`, 'y');
    PLAIN_RUNS.set(key, run);
  }
  return run;
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
