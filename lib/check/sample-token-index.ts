// Check, request samples: what the expression reader of lib/check/sample-syntax.ts needs to know
// about a token list, computed once per list in linear time: the bracket that closes each opening
// one, where skipping an entry or a statement from each token stops, where the calls are, and the
// bracketed constructs already read. Several readers start in the same sample (each variable's
// value, each call), so without these a sample could be read again and again: reading stays linear
// in the sample's size whatever its shape.
import type { Language, Token } from './sample-tokens.ts';

export const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
/** Where skipping an object entry or argument stops: its separator or the closing bracket. */
const ENTRY_STOPS = new Set([',', ')', ']', '}']);
/** Where skipping the rest of a function or lambda stops: also the end of a statement. */
const REST_STOPS = new Set([',', ')', ']', '}', ';']);

/** A call site: the callee's first token `at`, its dotted name, and its "(" at `open`. */
export interface CallSite {
  at: number;
  name: string;
  open: number;
}

/** A construct already read: its value and the position after it. */
export interface Read<T> {
  value: T;
  end: number;
}

export class TokenIndex {
  /** The index of the bracket closing the one at each index (the last index when none does). */
  private closing: Int32Array | undefined;
  private entryEnds: Int32Array | undefined;
  private restEnds: Int32Array | undefined;
  /** As restEnds, also stopping at a line break (a Python statement outside brackets). */
  private statementRestEnds: Int32Array | undefined;
  private sites: Map<string, CallSite[]> | undefined;
  /** Bracketed constructs already read, by the position of their opening bracket. */
  readonly objects = new Map<number, Read<unknown>>();
  readonly arrays = new Map<number, Read<unknown>>();
  readonly parentheses = new Map<number, Read<unknown>>();
  readonly argumentLists = new Map<number, Read<unknown>>();

  constructor(readonly tokens: Token[], readonly language: Language) {}

  /** The tables are made on first use: most samples never skip anything. */
  private closings(): Int32Array {
    if (this.closing) return this.closing;
    const tokens = this.tokens;
    const closing = new Int32Array(tokens.length).fill(tokens.length - 1);
    const open: Record<string, number[]> = { '(': [], '[': [], '{': [] };
    tokens.forEach((token, index) => {
      if (token.type !== 'punct') return;
      if (OPENERS[token.text]) open[token.text]?.push(index);
      const opener = CLOSERS[token.text];
      const from = opener ? open[opener]?.pop() : undefined;
      if (from !== undefined) closing[from] = index;
    });
    this.closing = closing;
    return closing;
  }

  /** From each index: the first index at this bracket level holding a stop (or a line break, with `lines`). */
  private stops(stops: Set<string>, lines: boolean): Int32Array {
    const length = this.tokens.length;
    const ends = new Int32Array(length + 1);
    ends[length] = length;
    for (let index = length - 1; index >= 0; index--) {
      const token = this.tokens[index] as Token;
      if ((token.type === 'punct' && stops.has(token.text)) || (lines && token.newline)) ends[index] = index;
      else if (token.type === 'punct' && OPENERS[token.text]) ends[index] = ends[this.closingOf(index) + 1] as number;
      else ends[index] = ends[index + 1] as number;
    }
    return ends;
  }

  /** The index of the bracket that closes the one at `index`. */
  closingOf(index: number): number {
    return this.closings()[index] ?? this.tokens.length - 1;
  }

  /** Where skipping an entry from `index` stops: at its "," or at the closing bracket. */
  entryEnd(index: number): number {
    this.entryEnds ??= this.stops(ENTRY_STOPS, false);
    return this.entryEnds[index] ?? this.tokens.length;
  }

  /** Where skipping a function's body from `index` stops; `statement`: a line break ends it too. */
  restEnd(index: number, statement: boolean): number {
    if (statement && this.language === 'python') {
      this.statementRestEnds ??= this.stops(REST_STOPS, true);
      return this.statementRestEnds[index] ?? this.tokens.length;
    }
    this.restEnds ??= this.stops(REST_STOPS, false);
    return this.restEnds[index] ?? this.tokens.length;
  }

  /** The call sites whose dotted name satisfies `wanted`, in order. */
  calls(wanted: (name: string) => boolean): CallSite[] {
    const found: CallSite[] = [];
    for (const [name, sites] of this.callSites()) if (wanted(name)) found.push(...sites);
    return found.sort((a, b) => a.at - b.at);
  }

  /** The call sites of one dotted name, in order. */
  callsNamed(name: string): CallSite[] {
    return this.callSites().get(name) ?? [];
  }

  /** Every "name(", "a.b.c(": an identifier not after ".", its dotted continuation, then "(". */
  private callSites(): Map<string, CallSite[]> {
    if (this.sites) return this.sites;
    const sites = new Map<string, CallSite[]>();
    const tokens = this.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as Token;
      if (token.type !== 'id' || tokens[i - 1]?.text === '.') continue;
      let name = token.text;
      let j = i + 1;
      while (tokens[j]?.text === '.' && tokens[j + 1]?.type === 'id') {
        name += `.${tokens[j + 1]?.text ?? ''}`;
        j += 2;
      }
      if (tokens[j]?.text !== '(' || tokens[j]?.type !== 'punct') continue;
      const list = sites.get(name);
      if (list) list.push({ at: i, name, open: j });
      else sites.set(name, [{ at: i, name, open: j }]);
    }
    this.sites = sites;
    return sites;
  }
}

const indexes = new WeakMap<Token[], TokenIndex>();

/** The index of a token list, made on first use. */
export function tokenIndex(tokens: Token[], language: Language): TokenIndex {
  let index = indexes.get(tokens);
  if (!index || index.language !== language) {
    index = new TokenIndex(tokens, language);
    indexes.set(tokens, index);
  }
  return index;
}
