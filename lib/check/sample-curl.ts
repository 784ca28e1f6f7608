// Check, request samples: the requests a shell sample sends with curl. The shell's quoting is read
// as the shell reads it ('…' literal, "…" with escapes, \ line continuations), keeping the file line
// of every character so that a field of a JSON body is reported at its own line. $VAR and ${VAR}
// are computed parts (PLACEHOLDER).
import { SampleLimitError } from './sample-limits.ts';
import { ExprReader } from './sample-syntax.ts';
import { tokenize } from './sample-tokens.ts';
import { jsonValue, PLACEHOLDER, Scope, type FormField, type SampleBody, type SampleParse, type SampleRequest, type SampleValue } from './sample-request.ts';

interface Word {
  text: string;
  /** The file line of each character of `text`. */
  lines: number[];
}

/** Options that take a value, besides those the parser reads. */
const VALUE_OPTIONS = new Set(['-o', '--output', '-u', '--user', '-w', '--write-out', '-A', '--user-agent', '-e', '--referer', '--retry',
  '--retry-delay', '--retry-max-time', '-m', '--max-time', '--connect-timeout', '-b', '--cookie', '-c', '--cookie-jar', '--cacert', '--cert',
  '--key', '-x', '--proxy', '-r', '--range', '-T', '--upload-file', '-K', '--config', '-E', '--limit-rate', '--resolve']);

/** Requests of a shell sample; `firstLine` is the file line of its first line of code. */
export function parseCurlSample(code: string, firstLine: number): SampleParse {
  const result: SampleParse = { requests: [], unreadable: [] };
  for (const command of shellCommands(code, firstLine)) {
    const start = command.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.text));
    if (command[start]?.text !== 'curl') continue;
    const parsed = curlRequest(command.slice(start + 1), command[start]?.lines[0] ?? firstLine);
    if ('reason' in parsed) result.unreadable.push(parsed);
    else result.requests.push(parsed);
  }
  return result;
}

function curlRequest(words: Word[], line: number): SampleRequest | { line: number; reason: string } {
  let method: string | undefined;
  let url: Word | undefined;
  let contentType: string | undefined;
  let getWithData = false;
  const data: Word[] = [];
  const form: Word[] = [];
  let json = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Word;
    const option = word.text;
    const next = () => words[++i];
    // -XPOST, -H'…': a short option with its value attached
    const attached = /^(-[XHdF])(.+)$/.exec(option);
    const name = attached?.[1] ?? option;
    const value = attached ? { text: attached[2] as string, lines: word.lines.slice(2) } : undefined;
    const take = () => value ?? next();
    if (name === '-X' || name === '--request') method = take()?.text.toUpperCase();
    else if (name === '-H' || name === '--header') {
      const header = take()?.text ?? '';
      const match = /^\s*content-type\s*:\s*([^;\s]+)/i.exec(header);
      if (match) contentType = (match[1] as string).toLowerCase();
    } else if (['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--data-urlencode'].includes(name)) {
      const body = take();
      if (body) data.push(body);
    } else if (name === '--json') {
      const body = take();
      if (body) data.push(body);
      json = true;
    } else if (name === '-F' || name === '--form' || name === '--form-string') {
      const field = take();
      if (field) form.push(name === '--form-string' ? { text: field.text.replace(/^([^=]*=)([@<])/, '$1\\$2'), lines: field.lines } : field);
    } else if (name === '-G' || name === '--get') getWithData = true;
    else if (name === '-I' || name === '--head') method = 'HEAD';
    else if (name === '--url') url = next();
    else if (VALUE_OPTIONS.has(name)) next();
    else if (!option.startsWith('-') && url === undefined) url = word;
  }
  if (!url) return { line, reason: 'curl has no address' };
  const urlLine = url.lines[0] ?? line;
  if (json) contentType = 'application/json';
  const query: SampleRequest['query'] = [];
  let body: SampleBody | undefined;
  if (form.length > 0) {
    body = { encoding: 'multipart', fields: form.map(formField), open: false, line: form[0]?.lines[0] ?? line };
  } else if (data.length > 0 && getWithData) {
    for (const part of data) for (const pair of part.text.split('&')) query.push({ name: pair.split('=')[0] ?? '', line: part.lines[0] ?? line });
  } else if (data.length > 0) {
    body = dataBody(data, contentType, line);
  }
  return {
    method: method ?? (body ? 'POST' : 'GET'),
    line,
    url: url.text,
    urlLine,
    query,
    body,
    contentType: contentType ?? (body?.encoding === 'multipart' ? 'multipart/form-data' : body ? 'application/x-www-form-urlencoded' : undefined),
  };
}

/** A -d body: JSON when the sample says so, otherwise form fields (curl's default encoding). */
function dataBody(data: Word[], contentType: string | undefined, line: number): SampleBody {
  const first = data[0] as Word;
  const bodyLine = first.lines[0] ?? line;
  if (data.some((part) => part.text.startsWith('@'))) return { encoding: 'unknown', line: bodyLine, reason: 'the body is read from a file (-d @file)' };
  if (contentType !== 'application/json') {
    const fields = data.flatMap((part) => part.text.split('&').map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      return { name: decodeForm(name), line: part.lines[0] ?? line, value: textValue(decodeForm(rest.join('=')), part.lines[0] ?? line) };
    }));
    return { encoding: 'form', fields, open: false, line: bodyLine };
  }
  // curl joins several -d parts with "&", which is never valid JSON.
  if (data.length > 1) return { encoding: 'unknown', line: bodyLine, reason: 'several -d parts are joined with "&", which is not JSON' };
  return jsonBody(first, bodyLine);
}

/** A JSON body, read with the line of every field; text that is not JSON is reported as such. */
function jsonBody(word: Word, line: number): SampleBody {
  let invalid: string | undefined;
  if (!word.text.includes(PLACEHOLDER)) {
    try {
      JSON.parse(word.text);
    } catch (error) {
      invalid = (error as Error).message;
    }
  }
  // The text keeps the line breaks of the source, so tokens count their lines from the first one.
  // A spliced $VAR (PLACEHOLDER) reads as an unknown value.
  const tokens = tokenize(word.text, 'js', word.lines[0] ?? line);
  try {
    const value = jsonValue(new ExprReader(tokens, 'js').expression(true), new Scope([], 'js', tokens.length), 0);
    return { encoding: 'json', value, line: word.lines[0] ?? line, invalid };
  } catch (error) {
    if (!(error instanceof SampleLimitError)) throw error;
    // Text that is not JSON fails the build anyway; otherwise the body is reported as not checked.
    if (invalid) return { encoding: 'json', value: { kind: 'unknown', line: word.lines[0] ?? line }, line: word.lines[0] ?? line, invalid };
    return { encoding: 'unknown', line: word.lines[0] ?? line, reason: `the check stopped reading the body at line ${error.line}: ${error.reason}` };
  }
}

function formField(word: Word): FormField {
  const line = word.lines[0] ?? 0;
  const eq = word.text.indexOf('=');
  const name = eq < 0 ? word.text : word.text.slice(0, eq);
  const raw = eq < 0 ? '' : word.text.slice(eq + 1);
  if (raw.startsWith('@')) return { name, line, value: { kind: 'file', line } };
  if (raw.startsWith('<')) return { name, line, value: { kind: 'unknown', type: 'string', line } };
  // "value;type=text/plain" sets a part's type; a value in double quotes (within the shell word) is literal text.
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(raw);
  const text = quoted ? (quoted[1] as string).replace(/\\(.)/g, '$1') : raw.replace(/\\([@<])/, '$1');
  return { name, line, value: textValue(text, line) };
}

function textValue(text: string, line: number): SampleValue {
  return text.includes(PLACEHOLDER) ? { kind: 'unknown', type: 'string', line } : { kind: 'string', value: text, line };
}

function decodeForm(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * The shell's commands as words. Quoting as the shell reads it; an unquoted line break, ";", "|" or
 * "&" ends a command; "#" at the start of a word starts a comment. $VAR, ${VAR} and $(…) outside
 * single quotes become PLACEHOLDER.
 */
export function shellCommands(code: string, firstLine: number): Word[][] {
  const commands: Word[][] = [];
  let words: Word[] = [];
  let word: Word | undefined;
  let line = firstLine;
  const add = (text: string, at: number) => {
    word ??= { text: '', lines: [] };
    word.text += text;
    for (let k = 0; k < text.length; k++) word.lines.push(at);
  };
  /** Adds code[from, to), which has no escapes, keeping the line of each character. */
  const addRun = (from: number, to: number) => {
    word ??= { text: '', lines: [] };
    word.text += code.slice(from, to);
    for (let k = from; k < to; k++) {
      word.lines.push(line);
      if (code.charCodeAt(k) === 10) line++;
    }
  };
  const endWord = () => {
    if (word) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  /** $VAR, ${VAR} or $(…) at i: its length, or 0. */
  const variable = (i: number): number => {
    const match = /^\$(?:\{[^}]*\}|\([^)]*\)|[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?])/.exec(code.slice(i, i + 200));
    return match ? match[0].length : 0;
  };
  let i = 0;
  while (i < code.length) {
    const c = code[i] as string;
    if (c === '\\' && code[i + 1] === '\n') { i += 2; line++; continue; }
    if (c === '\n') { endCommand(); line++; i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { endWord(); i++; continue; }
    if (c === ';' || c === '|' || c === '&') { endCommand(); i++; continue; }
    if (c === '#' && !word) {
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    }
    if (c === "'") {
      i++;
      word ??= { text: '', lines: [] };
      const end = code.indexOf("'", i);
      const stop = end < 0 ? code.length : end;
      addRun(i, stop);
      i = stop + 1;
      continue;
    }
    if (c === '"') {
      i++;
      word ??= { text: '', lines: [] };
      while (i < code.length && code[i] !== '"') {
        // A run of characters with no meaning inside double quotes.
        let end = i;
        for (let unit = code.charCodeAt(end); end < code.length && unit !== 34 && unit !== 92 && unit !== 36; unit = code.charCodeAt(++end));
        if (end > i) { addRun(i, end); i = end; continue; }
        const ch = code[i] as string;
        if (ch === '\\' && code[i + 1] === '\n') { i += 2; line++; continue; }
        if (ch === '\\' && '"\\$`'.includes(code[i + 1] ?? '')) { add(code[i + 1] as string, line); i += 2; continue; }
        const length = ch === '$' ? variable(i) : 0;
        if (length > 0) { add(PLACEHOLDER, line); i += length; continue; }
        add(ch, line);
        if (ch === '\n') line++;
        i++;
      }
      i++;
      continue;
    }
    if (c === '\\') { add(code[i + 1] ?? '', line); i += 2; continue; }
    const length = c === '$' ? variable(i) : 0;
    if (length > 0) { add(PLACEHOLDER, line); i += length; continue; }
    add(c, line);
    i++;
  }
  endCommand();
  return commands;
}
