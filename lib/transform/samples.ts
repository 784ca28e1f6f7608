// Transform: request samples generated from an operation and its examples, so that samples and the
// description can never disagree: cURL, Node.js (fetch) and Python (requests).
import { deref } from '../load/openapi.ts';
import type { ApiDescription, ApiOperation, Json } from '../openapi-model.ts';

export interface RequestExample {
  method: string;
  url: string;
  body: Json | undefined;
  /** Whether the success response carries a JSON body to parse (some answer 201 with none). */
  returnsJson: boolean;
}

function parameterValue(api: ApiDescription, operation: ApiOperation, name: string, where: 'path' | 'query'): Json | undefined {
  for (const raw of operation.operation.parameters ?? []) {
    const parameter = deref(api.document, raw);
    if (parameter.name === name && parameter.in === where) return parameter.example ?? parameter.schema?.example ?? parameter.schema?.default;
  }
  return undefined;
}

/** The example request: path parameters filled in, required query parameters added, the JSON example body. */
export function exampleRequest(api: ApiDescription, operation: ApiOperation): RequestExample {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(parameterValue(api, operation, name, 'path') ?? name));
  const query = (operation.operation.parameters ?? [])
    .map((raw) => deref(api.document, raw))
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(parameterValue(api, operation, parameter.name, 'query') ?? ''))}`);
  const body = operation.operation.requestBody?.content['application/json']?.example;
  const success = Object.entries(operation.operation.responses).find(([status]) => status.startsWith('2'))?.[1];
  const returnsJson = success ? deref(api.document, success).content?.['application/json'] !== undefined : false;
  return { method: operation.method.toUpperCase(), url: `${api.serverUrl}${path}${query.length ? `?${query.join('&')}` : ''}`, body, returnsJson };
}

function indent(text: string, spaces: number): string {
  return text.split('\n').map((line, index) => (index === 0 ? line : ' '.repeat(spaces) + line)).join('\n');
}

export function curlSample(request: RequestExample): string {
  const lines = [`curl -X ${request.method} "${request.url}"`, '-H "Authorization: Bearer $API_KEY"'];
  if (request.body !== undefined) {
    lines.push('-H "Content-Type: application/json"');
    // Single quotes keep the JSON literal in the shell; a quote inside is closed and escaped.
    lines.push(`-d '${JSON.stringify(request.body, null, 2).replace(/'/g, `'\\''`)}'`);
  }
  return lines.map((line, index) => (index === 0 ? line : `  ${indent(line, 2)}`)).join(' \\\n');
}

export function nodeSample(request: RequestExample, resultName: string): string {
  const options = [`  method: '${request.method}',`, '  headers: {', '    Authorization: `Bearer ${process.env.API_KEY}`,'];
  if (request.body !== undefined) options.push(`    'Content-Type': 'application/json',`);
  options.push('  },');
  if (request.body !== undefined) options.push(`  body: JSON.stringify(${indent(JSON.stringify(request.body, null, 2), 2)}),`);
  return [
    `const response = await fetch('${request.url}', {`,
    ...options,
    '});',
    `if (!response.ok) throw new Error(\`Request failed: \${response.status} \${await response.text()}\`);`,
    ...(request.returnsJson ? [`const ${resultName} = await response.json();`, `console.log(${resultName});`] : ['console.log(response.status);']),
  ].join('\n');
}

/** A JSON value as a Python literal (True/False/None, double-quoted strings). */
export function pythonLiteral(value: Json, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const close = '    '.repeat(depth);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, depth + 1)}`).join(',\n')},\n${close}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, depth + 1)}`).join(',\n')},\n${close}}`;
}

export function pythonSample(request: RequestExample, resultName: string): string {
  const args = [`    "${request.url}",`, '    headers={"Authorization": f"Bearer {os.environ[\'API_KEY\']}"},'];
  if (request.body !== undefined) args.push(`    json=${pythonLiteral(request.body, 1)},`);
  return [
    'import os',
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(`,
    ...args,
    '    timeout=60,',
    ')',
    'response.raise_for_status()',
    ...(request.returnsJson ? [`${resultName} = response.json()`, `print(${resultName})`] : ['print(response.status_code)']),
  ].join('\n');
}
