// Check, request samples: the requests a Node.js sample sends with fetch(url, { method, headers,
// body }): a JSON.stringify(…) body, a FormData filled with form.append(…), or URLSearchParams.
import type { Expr } from './sample-syntax.ts';
import { callsNamed, findCalls } from './sample-syntax.ts';
import type { Token } from './sample-tokens.ts';
import { jsonValue, readSample, Scope, urlText, type FormField, type SampleBody, type SampleParse, type SampleRequest, type SampleValue } from './sample-request.ts';

/** Requests of a Node.js sample; `firstLine` is the file line of its first line of code. */
export function parseNodeSample(code: string, firstLine: number): SampleParse {
  return readSample(code, 'js', firstLine, readRequests);
}

function readRequests(tokens: Token[], result: SampleParse): void {
  const scope = new Scope(tokens, 'js');
  for (const call of findCalls(tokens, 'js', (callee) => callee === 'fetch')) {
    const [target, initArg] = call.args;
    const url = target ? urlText(target, scope, call.end) : undefined;
    if (url === undefined) {
      result.unreadable.push({ line: call.line, reason: 'the address of fetch() is not a string, a template string or a variable holding one' });
      continue;
    }
    const init = initArg ? scope.resolve(initArg, call.end) : undefined;
    if (init && init.t !== 'obj') {
      result.unreadable.push({ line: call.line, reason: 'the options of fetch() are not an object literal' });
      continue;
    }
    // The options (and headers) may be one variable shared by every call: count what is searched.
    if (init?.t === 'obj') scope.spend(init.entries.length, call.line);
    const option = (name: string) => init?.t === 'obj' ? init.entries.find((entry) => entry.key === name) : undefined;
    const method = option('method');
    const methodValue = method ? scope.resolve(method.value, call.end) : undefined;
    const headers = option('headers');
    const headersValue = headers ? scope.resolve(headers.value, call.end) : undefined;
    if (headersValue?.t === 'obj') scope.spend(headersValue.entries.length, call.line);
    const contentType = headersValue?.t === 'obj'
      ? headersValue.entries.find((entry) => entry.key.toLowerCase() === 'content-type')?.value : undefined;
    const body = option('body');
    const request: SampleRequest = {
      method: methodValue?.t === 'str' ? methodValue.value.toUpperCase() : method ? '?' : 'GET',
      line: call.line,
      url,
      urlLine: target?.line ?? call.line,
      query: searchParams(tokens, scope, target, call.end),
      body: body ? nodeBody(body.value, scope, call.end, tokens, body.keyLine) : undefined,
      contentType: contentType?.t === 'str' ? contentType.value.toLowerCase() : undefined,
    };
    if (request.method === '?') {
      result.unreadable.push({ line: method?.keyLine ?? call.line, reason: 'the method of fetch() is not a string' });
      continue;
    }
    result.requests.push(request);
  }
}

function nodeBody(expr: Expr, scope: Scope, at: number, tokens: Token[], line: number): SampleBody {
  const value = scope.resolve(expr, at);
  if (value.t === 'call' && value.callee === 'JSON.stringify' && value.args[0]) {
    return { encoding: 'json', value: jsonValue(value.args[0], scope, at), line };
  }
  if (value.t === 'new' && value.callee === 'URLSearchParams') {
    const fields = value.args[0] ? formFields(jsonValue(value.args[0], scope, at)) : { fields: [], open: false };
    return { encoding: 'form', fields: fields.fields, open: fields.open, line };
  }
  if (value.t === 'new' && value.callee === 'FormData' && expr.t === 'id') {
    return { encoding: 'multipart', ...appendedFields(tokens, expr.name, scope, at), line };
  }
  // A form passed on as received (`await request.formData()`): multipart, its fields not known.
  if (value.t === 'call' && /\.formData$/.test(value.callee)) return { encoding: 'multipart', fields: [], open: true, line };
  return { encoding: 'unknown', line, reason: 'the body is neither JSON.stringify(…), a FormData nor URLSearchParams the sample fills' };
}

/** The fields of `name.append(field, value[, filename])` calls, in order. */
function appendedFields(tokens: Token[], name: string, scope: Scope, at: number): { fields: FormField[]; open: boolean } {
  const fields: FormField[] = [];
  let open = false;
  const calls = callsNamed(tokens, 'js', [`${name}.append`, `${name}.set`]);
  // One form may be sent by many calls: count the appends each one looks through.
  scope.spend(calls.length, at);
  for (const call of calls) {
    if (call.end > at) continue;
    const [field, value, filename] = call.args;
    const key = field ? scope.resolve(field, call.end) : undefined;
    if (key?.t !== 'str') {
      open = true;
      continue;
    }
    fields.push({ name: key.value, line: field?.line ?? call.line, value: value ? formValue(value, filename !== undefined, scope, call.end) : { kind: 'unknown', line: call.line } });
  }
  return { fields, open };
}

/** A form value: a string literal, a file (a Blob, a file name given), or unknown text. */
function formValue(expr: Expr, withFilename: boolean, scope: Scope, at: number): SampleValue {
  const value = scope.resolve(expr, at);
  if (withFilename) return { kind: 'file', line: expr.line };
  if (value.t === 'call' && /(^|\.)(openAsBlob|readFile|createReadStream|fileFrom)$/.test(value.callee)) return { kind: 'file', line: expr.line };
  if (value.t === 'new' && /^(Blob|File)$/.test(value.callee)) return { kind: 'file', line: expr.line };
  if (value.t === 'str') return { kind: 'string', value: value.value, line: expr.line };
  if (value.t === 'num') return { kind: 'string', value: String(value.value), line: expr.line };
  return { kind: 'unknown', type: value.t === 'tpl' || (value.t === 'call' && value.callee === 'String') ? 'string' : undefined, line: expr.line };
}

/** The fields of a flat object sent as a form. */
export function formFields(value: SampleValue): { fields: FormField[]; open: boolean } {
  if (value.kind !== 'object') return { fields: [], open: true };
  return {
    fields: value.entries.map((entry) => ({ name: entry.key, line: entry.line, value: entry.value })),
    open: value.open,
  };
}

/** Query parameters set with `url.searchParams.set('name', …)` on the address variable. */
function searchParams(tokens: Token[], scope: Scope, target: Expr | undefined, at: number): { name: string; line: number }[] {
  if (target?.t !== 'id') return [];
  const calls = callsNamed(tokens, 'js', [`${target.name}.searchParams.set`, `${target.name}.searchParams.append`]);
  scope.spend(calls.length, target.line);
  return calls
    .filter((call) => call.end <= at && call.args[0]?.t === 'str')
    .map((call) => ({ name: (call.args[0] as Extract<Expr, { t: 'str' }>).value, line: call.line }));
}
