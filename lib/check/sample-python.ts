// Check, request samples: the requests a Python sample sends with the requests package:
// requests.get/post/put/patch/delete(url, json=…, data=…, files=…, params=…) and
// requests.request(method, url, …). `json=` is a JSON body; `files=` makes the request multipart
// (with the fields of `data=`); `data=` alone is form-urlencoded.
import type { Expr } from './sample-syntax.ts';
import { findCalls } from './sample-syntax.ts';
import type { Token } from './sample-tokens.ts';
import { jsonValue, readSample, Scope, urlText, type FormField, type SampleBody, type SampleParse, type SampleValue } from './sample-request.ts';

const METHOD_CALL = /^(?:requests|session|s|client)\.(get|post|put|patch|delete|request)$/;

/** Requests of a Python sample; `firstLine` is the file line of its first line of code. */
export function parsePythonSample(code: string, firstLine: number): SampleParse {
  return readSample(code, 'python', firstLine, readRequests);
}

function readRequests(tokens: Token[], result: SampleParse): void {
  const scope = new Scope(tokens, 'python');
  for (const call of findCalls(tokens, 'python', (callee) => METHOD_CALL.test(callee))) {
    const verb = METHOD_CALL.exec(call.callee)?.[1] ?? '';
    const args = [...call.args];
    const kwarg = (name: string) => call.kwargs.find((entry) => entry.name === name);
    let method = verb.toUpperCase();
    if (verb === 'request') {
      const given = args.shift() ?? kwarg('method')?.value;
      const resolved = given ? scope.resolve(given, call.end) : undefined;
      if (resolved?.t !== 'str') {
        result.unreadable.push({ line: call.line, reason: 'the method of requests.request() is not a string' });
        continue;
      }
      method = resolved.value.toUpperCase();
    }
    const target = args[0] ?? kwarg('url')?.value;
    const url = target ? urlText(target, scope, call.end) : undefined;
    if (url === undefined) {
      result.unreadable.push({ line: call.line, reason: 'the address is not a string, an f-string or a variable holding one' });
      continue;
    }
    const headers = kwarg('headers');
    const headersValue = headers ? scope.resolve(headers.value, call.end) : undefined;
    // The headers may be one variable shared by every call: count what is searched.
    if (headersValue?.t === 'obj') scope.spend(headersValue.entries.length, call.line);
    const contentType = headersValue?.t === 'obj' ? headersValue.entries.find((entry) => entry.key.toLowerCase() === 'content-type')?.value : undefined;
    const params = kwarg('params');
    const body = pythonBody(call.kwargs, scope, call.end);
    const paramsValue = params ? jsonValue(params.value, scope, call.end) : undefined;
    result.requests.push({
      method,
      line: call.line,
      url,
      urlLine: target?.line ?? call.line,
      query: paramsValue?.kind === 'object' ? paramsValue.entries.map((entry) => ({ name: entry.key, line: entry.line })) : [],
      body,
      // json= sets the header itself; files= and data= too (multipart, form-urlencoded).
      contentType: contentType?.t === 'str' ? contentType.value.toLowerCase() : body?.encoding === 'json' ? 'application/json' : undefined,
    });
  }
}

function pythonBody(kwargs: Extract<Expr, { t: 'call' }>['kwargs'], scope: Scope, at: number): SampleBody | undefined {
  const json = kwargs.find((entry) => entry.name === 'json');
  const data = kwargs.find((entry) => entry.name === 'data');
  const files = kwargs.find((entry) => entry.name === 'files');
  if (json) return { encoding: 'json', value: jsonValue(json.value, scope, at), line: json.line };
  if (!data && !files) return undefined;
  const fields: FormField[] = [];
  let open = false;
  if (data) {
    const value = scope.resolve(data.value, at);
    if (value.t === 'str' || value.t === 'tpl') {
      return { encoding: 'unknown', line: data.line, reason: 'data= is a string: send json= for JSON, or a dict of form fields' };
    }
    const read = fieldsOf(jsonValue(data.value, scope, at), false);
    fields.push(...read.fields);
    open ||= read.open;
  }
  if (files) {
    const read = fieldsOf(jsonValue(files.value, scope, at), true);
    fields.push(...read.fields);
    open ||= read.open;
  }
  return { encoding: files ? 'multipart' : 'form', fields, open, line: (files ?? data)?.line ?? 0 };
}

/**
 * Fields of a dict ({"name": value}) or of a list of (name, value) pairs. In `files=`, a value is a
 * file unless it is a (None, text) pair, which requests sends as a plain field.
 */
function fieldsOf(value: SampleValue, inFiles: boolean): { fields: FormField[]; open: boolean } {
  const field = (name: string, line: number, item: SampleValue): FormField => ({ name, line, value: inFiles ? fileOrText(item) : asText(item) });
  if (value.kind === 'object') return { fields: value.entries.map((entry) => field(entry.key, entry.line, entry.value)), open: value.open };
  if (value.kind === 'array') {
    const fields: FormField[] = [];
    let open = value.open;
    for (const item of value.items) {
      const [name, content] = item.kind === 'array' ? item.items : [];
      if (name?.kind === 'string' && content) fields.push(field(name.value, name.line, content));
      else open = true;
    }
    return { fields, open };
  }
  return { fields: [], open: true };
}

/** In files=: (None, "text") is text; a (filename, file, type) tuple, an open file or anything else is a file. */
function fileOrText(value: SampleValue): SampleValue {
  if (value.kind === 'array' && value.items[0]?.kind === 'null') return value.items[1] ?? { kind: 'unknown', line: value.line };
  if (value.kind === 'string' || value.kind === 'number') return value;
  return { kind: 'file', line: value.line };
}


/** A data= value as requests sends it: str(value), so True is "True" (which no boolean field reads). */
function asText(value: SampleValue): SampleValue {
  if (value.kind === 'number') return { kind: 'string', value: String(value.value), line: value.line };
  if (value.kind === 'boolean') return { kind: 'string', value: value.value ? 'True' : 'False', line: value.line };
  return value;
}
