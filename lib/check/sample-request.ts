// Check, request samples: what a sample sends, as the parsers of lib/check/sample-curl.ts,
// sample-node.ts and sample-python.ts read it, with the file line of every part. A value the
// sample computes (a variable, a function call, an interpolation) is "unknown": the check tests
// what is written (keys, literal values, the kind of value) and never guesses the rest.
import { SampleLimitError, WORK_FLOOR, WORK_PER_TOKEN } from './sample-limits.ts';
import type { Expr } from './sample-syntax.ts';
import { assignments } from './sample-syntax.ts';
import { tokenize, type Language, type Token } from './sample-tokens.ts';

export type SampleValue = { line: number } & (
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' }
  | { kind: 'object'; entries: { key: string; line: number; value: SampleValue }[]; open: boolean }
  | { kind: 'array'; items: SampleValue[]; open: boolean }
  /** A file upload (multipart only). */
  | { kind: 'file' }
  /** A value the sample computes; `type: 'string'` when it is known to be text (an interpolation). */
  | { kind: 'unknown'; type?: 'string' }
);

export interface FormField {
  name: string;
  line: number;
  value: SampleValue;
}

export type SampleBody =
  /** `invalid`: the text is not JSON (the parser's message); its fields are still read where they can be. */
  | { encoding: 'json'; value: SampleValue; line: number; invalid?: string | undefined }
  | { encoding: 'multipart' | 'form'; fields: FormField[]; open: boolean; line: number }
  /** A body the parser cannot read (a file, a stream, a variable it cannot follow). */
  | { encoding: 'unknown'; line: number; reason: string };

export interface SampleRequest {
  method: string;
  /** Where the request starts: the curl command, the fetch() or requests call. */
  line: number;
  /** The address as written, with every computed part replaced by PLACEHOLDER. */
  url: string;
  urlLine: number;
  /** Query parameters added besides the address (requests' `params=`, URL.searchParams). */
  query: { name: string; line: number }[];
  body: SampleBody | undefined;
  /** The Content-Type header the sample sets, lower case, if any. */
  contentType: string | undefined;
}

export interface SampleParse {
  requests: SampleRequest[];
  /** Calls the parser recognised but could not read, for a warning. */
  unreadable: { line: number; reason: string }[];
}

/**
 * The requests of a Node.js or Python sample read by `read` from its tokens; where the sample
 * passes a work or nesting limit, what was read so far and a note of where the check stopped.
 */
export function readSample(code: string, language: Language, firstLine: number, read: (tokens: Token[], result: SampleParse) => void): SampleParse {
  const result: SampleParse = { requests: [], unreadable: [] };
  try {
    read(tokenize(code, language, firstLine), result);
  } catch (error) {
    if (!(error instanceof SampleLimitError)) throw error;
    result.unreadable.push({ line: error.line, reason: `the check stopped reading the sample here: ${error.reason}` });
  }
  return result;
}

/** Stands for a computed part of an address ($TUNE_ID, ${tuneId}, {tune_id}). */
export const PLACEHOLDER = '\u0000';

/**
 * Variables of a sample and the value each is given, looked up at a token position; and the work
 * the sample's requests may still take (lib/check/sample-limits.ts), since variables used many
 * times could otherwise expand a small sample into a huge one.
 */
export class Scope {
  /** Each name's assignments, in the order of the tokens. */
  private readonly bound = new Map<string, { at: number; value: Expr }[]>();
  private work: number;
  /** `size`: the tokens the sample has (those of `tokens` when not given). */
  constructor(tokens: Token[], language: Language, size = tokens.length) {
    for (const { name, at, value } of assignments(tokens, language)) {
      const list = this.bound.get(name);
      if (list) list.push({ at, value });
      else this.bound.set(name, [{ at, value }]);
    }
    this.work = WORK_FLOOR + WORK_PER_TOKEN * size;
  }

  /** Counts `units` of work against the sample's allowance; throws a SampleLimitError past it. */
  spend(units: number, line: number): void {
    this.work -= units;
    if (this.work < 0) throw new SampleLimitError(line, 'its requests expand to far more values than the sample has (a variable used very many times)');
  }

  /** The value last given to `name` before token `at` (or anywhere, for a function's body called later). */
  lookup(name: string, at: number): Expr | undefined {
    const list = this.bound.get(name);
    if (!list) return undefined;
    // The last assignment before `at` (the list is in token order).
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((list[middle] as { at: number }).at < at) low = middle + 1;
      else high = middle;
    }
    return (list[low - 1] ?? list[0])?.value;
  }

  /** Follows a variable to the expression it holds (a few steps, against cycles). */
  resolve(expr: Expr, at: number): Expr {
    let current = expr;
    for (let step = 0; step < 5 && current.t === 'id'; step++) {
      const next = this.lookup(current.name, at);
      if (!next) break;
      current = next;
    }
    return current;
  }
}

/** The value an expression sends as JSON: literals as written, variables followed, the rest unknown. */
export function jsonValue(expr: Expr, scope: Scope, at: number, depth = 0): SampleValue {
  scope.spend(1, expr.line);
  const resolved = depth < 20 ? scope.resolve(expr, at) : expr;
  const line = expr.line;
  switch (resolved.t) {
    case 'str': return resolved.value.includes(PLACEHOLDER) ? { kind: 'unknown', type: 'string', line } : { kind: 'string', value: resolved.value, line };
    case 'num': return { kind: 'number', value: resolved.value, line };
    case 'bool': return { kind: 'boolean', value: resolved.value, line };
    case 'null': return { kind: 'null', line };
    case 'tpl': return { kind: 'unknown', type: 'string', line };
    case 'obj': return {
      kind: 'object', open: resolved.open, line,
      entries: resolved.entries.map((entry) => ({ key: entry.key, line: entry.keyLine, value: jsonValue(entry.value, scope, at, depth + 1) })),
    };
    case 'arr': return { kind: 'array', open: resolved.open, line, items: resolved.items.map((item) => jsonValue(item, scope, at, depth + 1)) };
    case 'call': return /^(String|str)$|\.(toString|toISOString)$|^(crypto\.)?randomUUID$|uuid\.uuid4\(\)\.hex$/.test(resolved.callee)
      ? { kind: 'unknown', type: 'string', line } : { kind: 'unknown', line };
    default: return { kind: 'unknown', line };
  }
}

/** An address expression as text, computed parts replaced by PLACEHOLDER; undefined when not text. */
export function urlText(expr: Expr, scope: Scope, at: number): string | undefined {
  const resolved = scope.resolve(expr, at);
  if (resolved.t === 'str') return resolved.value;
  if (resolved.t === 'tpl') {
    scope.spend(resolved.parts.length, resolved.line);
    return resolved.parts.map((part) => ('text' in part ? part.text : constantOf(part.expr, scope, at) ?? PLACEHOLDER)).join('');
  }
  // new URL('https://…')
  if (resolved.t === 'new' && resolved.callee === 'URL' && resolved.args[0]) return urlText(resolved.args[0], scope, at);
  return undefined;
}

/** An interpolated variable that holds a string constant (a base address), else undefined. */
function constantOf(source: string, scope: Scope, at: number): string | undefined {
  const name = source.trim();
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const value = scope.lookup(name, at);
  return value?.t === 'str' ? value.value : undefined;
}

/** A path's computed parts (and the shell's $VAR, ${VAR}) as PLACEHOLDER. */
export function markShellVariables(text: string): string {
  return text.replace(/\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*/g, PLACEHOLDER);
}
