// Check: every request a page shows agrees with content/api/openapi.yaml. Each cURL, Node.js and
// Python code block is read for the requests it sends to the API's server (lib/check/sample-curl.ts,
// sample-node.ts, sample-python.ts); each request must be an operation of the description, its
// query parameters declared, its encoding one the operation accepts and its body valid against the
// operation's request schema (lib/check/sample-schema.ts). A JSON block whose title names a request
// ("Request body (POST /tunes/1504944/prompts)") is checked as that request's body. Every
// "METHOD /path" written in prose must be an operation too. A mismatch fails the build at the line
// of the sample or field; a block the parsers cannot read is a warning, never a silent pass. A block
// that is not an API call opts out with the fence option "nocheck".
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { BuildError, Diagnostics, type Warning } from '../diagnostics.ts';
import type { DocSource } from '../load/content.ts';
import { splitFrontMatter } from '../load/frontmatter.ts';
import { deref } from '../load/openapi.ts';
import { readSourceText } from '../load/source-text.ts';
import type { ApiDescription, ApiOperation, Schema } from '../openapi-model.ts';
import { parseCodeInfo } from '../transform/code-blocks.ts';
import { parseCurlSample } from './sample-curl.ts';
import { parseNodeSample } from './sample-node.ts';
import { parsePythonSample } from './sample-python.ts';
import { jsonValue, PLACEHOLDER, Scope, type SampleBody, type SampleParse, type SampleRequest } from './sample-request.ts';
import { validateFields, validateJson } from './sample-schema.ts';
import { lexedItems, type MarkdownItem } from './sample-items.ts';
import { SampleLimitError } from './sample-limits.ts';
import { ExprReader } from './sample-syntax.ts';
import { tokenize } from './sample-tokens.ts';

const PARSERS: Record<string, (code: string, firstLine: number) => SampleParse> = {
  bash: parseCurlSample, sh: parseCurlSample, shell: parseCurlSample, zsh: parseCurlSample, curl: parseCurlSample,
  js: parseNodeSample, javascript: parseNodeSample, mjs: parseNodeSample, node: parseNodeSample,
  python: parsePythonSample, py: parsePythonSample, python3: parsePythonSample,
};

const MEDIA: Record<Exclude<SampleBody['encoding'], 'unknown'>, string> = {
  json: 'application/json', multipart: 'multipart/form-data', form: 'application/x-www-form-urlencoded',
};

const OPT_OUT = 'If the block is not an API call, add the fence option "nocheck" (```bash nocheck).';

/** A markdown file to check: its body and where the body starts in the file. */
export interface SampleSource {
  file: string;
  body: string;
  bodyLineOffset: number;
  /** What the transform stage read of the body (lib/check/sample-items.ts); read here when absent. */
  items?: MarkdownItem[] | undefined;
  /** A digest of the body and its place (`bodyDigest`), when one is kept; made here when absent. */
  digest?: string | undefined;
}

/**
 * Checks the docs and the standalone pages (read again from their files: they keep no source)
 * against the API description. Returns every mismatch; unreadable samples become warnings.
 * Without an API description there is nothing to check against.
 */
export function checkSamples(input: { docs: { source: DocSource; samples?: MarkdownItem[] | undefined }[]; pages: { file: string }[]; siteDir: string }, api: ApiDescription | undefined, diagnostics: Diagnostics): BuildError[] {
  if (!api) return [];
  // Each body read when its file is checked: a production build keeps them in its spill file (lib/runtime/spill.ts).
  const sources: SampleSource[] = input.docs.map(({ source, samples }) => ({
    file: source.file, get body() { return source.body; }, bodyLineOffset: source.bodyLineOffset, items: samples,
    get digest() { return sourceDigest(source); },
  }));
  for (const page of input.pages) {
    const text = readSourceText(join(input.siteDir, page.file), page.file);
    sources.push({ file: page.file, ...splitFrontMatter(text, page.file, new Diagnostics()) });
  }
  return sources.flatMap((source) => checkSourceOnce(source, api, diagnostics));
}

/**
 * The last result of each file, reused while its body and the API description are the same: under
 * `npm start` a save checks only the file it changed (the description object is kept while its file
 * is unchanged, lib/runtime/cached.ts). A production build checks each file once anyway.
 */
const lastChecked = new Map<string, { digest: string; api: ApiDescription; errors: BuildError[]; warnings: Warning[] }>();

/**
 * Each doc source's digest, made once per source object: `npm start` reuses a doc's source while
 * its file is unchanged, and its bodies wait in a file (lib/runtime/spill.ts), so digesting every
 * body on each save read the whole site's text back.
 */
const sourceDigests = new WeakMap<DocSource, string>();

function sourceDigest(source: DocSource): string {
  let digest = sourceDigests.get(source);
  if (digest === undefined) sourceDigests.set(source, (digest = bodyDigest(source.body, source.bodyLineOffset)));
  return digest;
}

/** A digest, not the text: a large site's bodies are not all kept for this. */
function bodyDigest(body: string, bodyLineOffset: number): string {
  return createHash('sha256').update(body).update(`\0${bodyLineOffset}`).digest('base64');
}

function checkSourceOnce(source: SampleSource, api: ApiDescription, diagnostics: Diagnostics): BuildError[] {
  const digest = source.digest ?? bodyDigest(source.body, source.bodyLineOffset);
  const last = lastChecked.get(source.file);
  if (last && last.digest === digest && last.api === api) {
    for (const warning of last.warnings) diagnostics.warn(warning, warning.message);
    return last.errors;
  }
  const own = new Diagnostics();
  const errors = checkSource(source, api, own);
  for (const warning of own.warnings) diagnostics.warn(warning, warning.message);
  lastChecked.set(source.file, { digest, api, errors, warnings: own.warnings });
  return errors;
}

/** The mismatches of one markdown file (warnings go to `diagnostics`). */
export function checkSource(source: SampleSource, api: ApiDescription, diagnostics: Diagnostics): BuildError[] {
  const errors: BuildError[] = [];
  const fail = (line: number | undefined, problem: string, hint: string) => errors.push(new BuildError({ file: source.file, line }, problem, hint));
  for (const item of source.items ?? lexedItems(source.body, source.bodyLineOffset)) {
    if (item.type === 'prose') {
      for (const mention of proseMentions(item.text, item.line, api)) {
        const found = matchOperation(api, mention.method, mention.path);
        if ('problem' in found) fail(mention.line, `"${mention.method} ${mention.written}" is not an operation of ${api.file}: ${found.problem}`, found.hint);
      }
      continue;
    }
    const { info, code, line } = item;
    const meta = parseCodeInfo(info);
    if (!meta.check) continue;
    // A title naming a request is prose too: "POST /tunes/1504944/prompts" must exist.
    const titled = meta.title ? proseMentions(meta.title, line, api) : [];
    for (const mention of titled) {
      const found = matchOperation(api, mention.method, mention.path);
      if ('problem' in found) fail(line, `The code block's title names "${mention.method} ${mention.written}", which is not an operation of ${api.file}: ${found.problem}`, found.hint);
    }
    if (meta.lang === 'json') {
      const request = titled.find((mention) => mention.method !== 'GET' && mention.method !== 'DELETE');
      if (request && !/^response|^excerpt/i.test(meta.title ?? '')) errors.push(...checkTitledBody(source.file, api, request, code, line + 1, diagnostics));
      continue;
    }
    const parse = PARSERS[meta.lang.toLowerCase()];
    if (!parse) continue;
    const parsed = parse(code, line + 1);
    const toApi = parsed.requests.filter((request) => apiPath(api, request.url) !== undefined);
    // An address that starts with a computed part (`${base}/tunes`) may well be the API's.
    for (const request of parsed.requests) {
      if (request.url.startsWith(PLACEHOLDER)) parsed.unreadable.push({ line: request.urlLine, reason: 'the address starts with a computed part, so the check cannot tell whether it calls the API' });
    }
    for (const problem of parsed.unreadable) {
      diagnostics.warn({ file: source.file, line: problem.line }, `Request sample not checked: ${problem.reason}. Write the request so that the check can read it (a literal address, a literal or a variable body), or add the fence option "nocheck" if it is not an API call.`);
    }
    if (toApi.length === 0 && parsed.unreadable.length === 0 && mentionsServer(api, code)) {
      diagnostics.warn({ file: source.file, line }, `The code block names the API's address but no request the check can read (curl, fetch() or requests). Simplify it, or add the fence option "nocheck" if it is not an API call.`);
    }
    for (const request of toApi) errors.push(...checkRequest(source.file, api, request, diagnostics));
  }
  return errors;
}

interface Mention {
  method: string;
  /** As written, for messages. */
  written: string;
  path: string;
  line: number;
}

/** How every mention proseMentions reads starts. */
const MENTION_START = /\b(?:GET|POST|PUT|PATCH|DELETE)\s+(?:https?:\/\/[^\s/`]+)?\//;

/** Every "METHOD /path" (or "METHOD https://api…/path") in a text, with its line. */
function proseMentions(text: string, firstLine: number, api: ApiDescription): Mention[] {
  // Most prose names no request: one test, rather than a scan that copies the pattern each time.
  if (!MENTION_START.test(text)) return [];
  const mentions: Mention[] = [];
  // Lines are counted from the previous mention on, so that a long text is read once.
  let counted = 0;
  let line = firstLine;
  for (const match of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s+((?:https?:\/\/[^\s/`]+)?\/[^\s`)"'<>,;*|\]]*)/g)) {
    const written = (match[2] as string).replace(/[.:]+$/, '');
    const path = written.startsWith('/') ? written : apiPath(api, written);
    // An address on another host (a callback on your server) is not the API's.
    if (path === undefined) continue;
    for (; counted < match.index; counted++) if (text.charCodeAt(counted) === 10) line++;
    mentions.push({ method: match[1] as string, written, path: path.split(/[?#]/)[0] ?? path, line });
  }
  return mentions;
}

function mentionsServer(api: ApiDescription, code: string): boolean {
  return serverUrls(api).some((url) => code.includes(url));
}

function serverUrls(api: ApiDescription): string[] {
  const urls = (api.document.servers ?? []).map((server) => server.url.replace(/\/+$/, ''));
  return urls.length > 0 ? urls : [api.serverUrl.replace(/\/+$/, '')];
}

/** The path of an address on the API's server ("/tunes?limit=1"), or undefined for another address. */
function apiPath(api: ApiDescription, url: string): string | undefined {
  for (const server of serverUrls(api)) {
    if (url === server) return '/';
    if (url.startsWith(`${server}/`) || url.startsWith(`${server}?`)) return url.slice(server.length);
  }
  return undefined;
}

export type OperationMatch =
  | { operation: ApiOperation; params: Map<string, string> }
  | { problem: string; hint: string };

/**
 * The operation a method and path call. A path segment that is a placeholder (":id", "{id}",
 * "$TUNE_ID", "${tuneId}", a computed part) matches only a path parameter; a literal one in a
 * parameter's place must fit the parameter's type.
 */
export function matchOperation(api: ApiDescription, method: string, rawPath: string): OperationMatch {
  // Pages name the same few operations again and again: each method and path is matched once
  // (up to a bound, so that a server's cache of the description stays small).
  let known = matches.get(api);
  if (!known) matches.set(api, (known = new Map()));
  const key = `${method} ${rawPath}`;
  const cached = known.get(key);
  if (cached) return cached;
  const found = findOperation(api, method, rawPath);
  if (known.size < MATCHES_KEPT) known.set(key, found);
  return found;
}

const matches = new WeakMap<ApiDescription, Map<string, OperationMatch>>();
const MATCHES_KEPT = 2000;

function findOperation(api: ApiDescription, method: string, rawPath: string): OperationMatch {
  const segments = normalisePath(rawPath);
  const candidates: { operation: ApiOperation; params: Map<string, string>; problems: string[] }[] = [];
  for (const operation of api.operations.values()) {
    const template = operation.path.split('/').filter(Boolean);
    if (template.length !== segments.length) continue;
    const params = new Map<string, string>();
    const problems: string[] = [];
    let fits = true;
    template.forEach((part, index) => {
      const segment = segments[index] as string;
      const parameter = /^\{(.+)\}$/.exec(part)?.[1];
      if (parameter === undefined) {
        if (segment !== part) fits = false;
        return;
      }
      params.set(parameter, segment);
      if (segment === PLACEHOLDER) return;
      const declared = (operation.operation.parameters ?? []).map((entry) => deref(api.document, entry)).find((entry) => entry.in === 'path' && entry.name === parameter);
      const type = declared?.schema ? deref(api.document, declared.schema).type : undefined;
      if (type === 'integer' && !/^\d+$/.test(segment)) problems.push(`"${segment}" in the place of {${parameter}}, which is an integer`);
    });
    if (fits) candidates.push({ operation, params, problems });
  }
  const wanted = method.toLowerCase();
  const sameMethod = candidates.filter((candidate) => candidate.operation.method === wanted);
  const best = sameMethod.find((candidate) => candidate.problems.length === 0) ?? sameMethod[0];
  const shown = `/${segments.map((segment) => (segment === PLACEHOLDER ? '{…}' : segment)).join('/')}`;
  if (best && best.problems.length === 0) return { operation: best.operation, params: best.params };
  if (best) return { problem: `${best.problems.join('; ')}.`, hint: `Write the path as ${best.operation.path} with a value of the parameter's type, or a placeholder such as {${[...best.params.keys()][0] ?? 'id'}}.` };
  if (candidates.length > 0) {
    const methods = [...new Set(candidates.map((candidate) => candidate.operation.method.toUpperCase()))];
    return {
      problem: `${shown} has no ${method} operation (it has ${methods.join(', ')}).`,
      hint: `Use ${methods.join(' or ')} on this path, or add the ${method} operation to the description if the API has it.`,
    };
  }
  const near = nearestPaths(api, segments);
  return {
    problem: `no operation has the path ${shown}.`,
    hint: `Use a path of the description${near ? ` (closest: ${near})` : ''}, or add the operation to the description if the API has it. ${OPT_OUT}`,
  };
}

/** Path segments with every placeholder form as PLACEHOLDER. */
function normalisePath(path: string): string[] {
  return path.split(/[?#]/)[0]!.split('/').filter(Boolean).map((segment) => {
    const decoded = segment.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
    if (decoded.includes(PLACEHOLDER) || /^(:\w+|\{[^}]*\}|<[^>]*>|\$\w+|\$\{[^}]*\}|…|\.\.\.|[A-Z][A-Z0-9_]*_ID)$/.test(decoded)) return PLACEHOLDER;
    return decoded;
  });
}

function nearestPaths(api: ApiDescription, segments: string[]): string | undefined {
  const first = segments[0];
  const paths = [...new Set([...api.operations.values()].filter((operation) => operation.path.split('/')[1] === first).map((operation) => `${operation.method.toUpperCase()} ${operation.path}`))];
  return paths.length > 0 ? paths.slice(0, 4).join(', ') : undefined;
}

function checkRequest(file: string, api: ApiDescription, request: SampleRequest, diagnostics: Diagnostics): BuildError[] {
  const errors: BuildError[] = [];
  const path = apiPath(api, request.url) ?? '/';
  const label = `${request.method} ${path.split('?')[0]?.replaceAll(PLACEHOLDER, '{…}')}`;
  const found = matchOperation(api, request.method, path);
  if ('problem' in found) {
    return [new BuildError({ file, line: request.urlLine }, `Request sample ${label}: ${found.problem}`, found.hint)];
  }
  const { operation } = found;
  const hint = `Make the sample agree with operation "${operation.id}" of ${api.file} (${operation.method.toUpperCase()} ${operation.path}), or correct the description if the API differs.`;
  const fail = (line: number | undefined, problem: string) => errors.push(new BuildError({ file, line }, `Request sample ${label}: ${problem}`, hint));

  // Query parameters: written in the address, or added by requests' params= / url.searchParams.
  const declared = (operation.operation.parameters ?? []).map((entry) => deref(api.document, entry)).filter((entry) => entry.in === 'query');
  const inUrl = [...new URLSearchParams(path.split('?')[1] ?? '').keys()].map((name) => ({ name, line: request.urlLine }));
  for (const parameter of [...inUrl, ...request.query]) {
    if (!declared.some((entry) => entry.name === parameter.name)) {
      fail(parameter.line, `unknown query parameter "${parameter.name}"${declared.length ? ` (the operation takes ${declared.map((entry) => entry.name).join(', ')})` : ' (the operation takes none)'}.`);
    }
  }

  const requestBody = operation.operation.requestBody;
  const body = request.body;
  if (!body) {
    if (requestBody?.required) fail(request.line, `the operation needs a request body (${Object.keys(requestBody.content).join(' or ')}), and the sample sends none.`);
    return errors;
  }
  if (!requestBody) {
    fail(body.line, 'the operation takes no request body, but the sample sends one.');
    return errors;
  }
  if (body.encoding === 'unknown') {
    diagnostics.warn({ file, line: body.line }, `Request sample ${label}: body not checked: ${body.reason}. Write the body as a literal (or a variable holding one), or add the fence option "nocheck".`);
    return errors;
  }
  const media = MEDIA[body.encoding];
  const content = requestBody.content[media];
  if (!content?.schema) {
    const sent = body.encoding === 'form' ? 'form-urlencoded data (curl -d without a JSON Content-Type, or requests data= without files=)' : media;
    fail(body.line, `the sample sends ${sent}, but the operation accepts ${Object.keys(requestBody.content).join(' or ')}.`);
    return errors;
  }
  if (body.encoding === 'json') {
    if (request.contentType !== undefined && request.contentType !== 'application/json') {
      fail(body.line, `the body is JSON but the Content-Type header says "${request.contentType}".`);
    } else if (request.contentType === undefined) {
      fail(body.line, 'the body is JSON but no "Content-Type: application/json" header is sent (fetch then sends text/plain).');
    }
    if (body.invalid) fail(body.line, `the body is not valid JSON: ${body.invalid}.`);
    for (const problem of validateJson(api.document, content.schema, body.value)) fail(problem.line, problem.message);
  } else {
    for (const problem of validateFields(api.document, content.schema as Schema, body.fields, body.open, body.line)) fail(problem.line, problem.message);
  }
  return errors;
}

/** A JSON block titled with its request: the block is the request's JSON body. */
function checkTitledBody(file: string, api: ApiDescription, mention: Mention, code: string, firstLine: number, diagnostics: Diagnostics): BuildError[] {
  const found = matchOperation(api, mention.method, mention.path);
  if ('problem' in found) return [];
  const schema = found.operation.operation.requestBody?.content['application/json']?.schema;
  const label = `${mention.method} ${mention.written}`;
  const hint = `Make the body agree with operation "${found.operation.id}" of ${api.file}, or correct the description if the API differs.`;
  if (!schema) return [new BuildError({ file, line: firstLine - 1 }, `JSON body for ${label}: the operation takes no JSON body.`, hint)];
  try {
    JSON.parse(code);
  } catch (error) {
    return [new BuildError({ file, line: firstLine - 1 }, `JSON body for ${label} is not valid JSON: ${(error as Error).message}.`, hint)];
  }
  const tokens = tokenize(code, 'js', firstLine);
  let value;
  try {
    value = jsonValue(new ExprReader(tokens, 'js').expression(true), new Scope([], 'js', tokens.length), 0);
  } catch (error) {
    if (!(error instanceof SampleLimitError)) throw error;
    diagnostics.warn({ file, line: error.line }, `JSON body for ${label} not checked: ${error.reason}. Simplify the body, or add the fence option "nocheck".`);
    return [];
  }
  return validateJson(api.document, schema, value).map((problem) => new BuildError({ file, line: problem.line }, `JSON body for ${label}: ${problem.message}`, hint));
}
