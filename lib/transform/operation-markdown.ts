// Transform: an operation of the API description as a block of markdown (with raw HTML wrappers):
// description and parameter tables on the left; method, path, request samples in tabs and the
// example response on the right. markdownToHtml turns it into HTML like any page content.
import { escapeHtml } from './highlight.ts';
import { deref } from '../load/openapi.ts';
import type { ApiDescription, ApiOperation, Json, Parameter, Schema } from '../openapi-model.ts';
import { curlSample, exampleRequest, nodeSample, pythonSample } from './samples.ts';

/** Escapes text for HTML and turns `code` spans into <code>. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function typeName(api: ApiDescription, raw: Schema): string {
  const schema = deref(api.document, raw);
  if (raw.$ref) return raw.$ref.split('/').pop() ?? 'object';
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const names = types.map((type) => {
    if (type === 'array') return `array of ${schema.items ? typeName(api, schema.items) : 'any'}`;
    if (type === 'string' && schema.format && schema.format !== 'binary') return `string (${schema.format})`;
    if (type === 'string' && schema.format === 'binary') return 'file';
    return type;
  });
  return names.join(' | ') || (schema.oneOf || schema.anyOf ? 'one of several' : 'any');
}

/** A value as a markdown code span; both forms below render code spans (inline() for HTML). */
function code(value: Json): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

/** A field's description and limits as one line of text with markdown code spans. */
function details(api: ApiDescription, raw: Schema, description: string | undefined): string {
  const schema = deref(api.document, raw);
  const parts = [description ?? schema.description ?? ''].filter(Boolean).map((text) => text.trim());
  const values = schema.enum ?? (schema.items ? deref(api.document, schema.items).enum : undefined);
  if (values) parts.push(`One of: ${values.map(code).join(', ')}.`);
  if (schema.default !== undefined) parts.push(`Default: ${code(schema.default)}.`);
  if (schema.minimum !== undefined) parts.push(`Minimum: ${schema.minimum}.`);
  if (schema.maximum !== undefined) parts.push(`Maximum: ${schema.maximum}.`);
  if (schema.maxItems !== undefined) parts.push(`At most ${schema.maxItems} items.`);
  return parts.join(' ');
}

interface Row {
  name: string;
  required: boolean;
  type: string;
  details: string;
}

/**
 * A section heading of an operation block, as markdown: the heading extension gives it its id, its
 * direct link and its table-of-contents entry. The id names the operation ("createTune-request-body"),
 * so that a page with two operations links each one's sections apart.
 */
function heading(title: string, operationId: string): string {
  return `### ${title} {#${operationId}-${title.toLowerCase().replace(/\s+/g, '-')}}\n\n`;
}

function table(title: string, rows: Row[], endpoint: string, operationId: string): string {
  if (rows.length === 0) return '';
  const body = rows
    // A break opportunity before each bracket: "tune[prompts_attributes][][text]" may wrap in a narrow column.
    .map((row) => `<tr><td><code>${escapeHtml(row.name).replace(/\[/g, '<wbr>[')}</code>${row.required ? ' <span class="api-required">required</span>' : ''}</td><td>${escapeHtml(row.type)}</td><td>${inline(row.details)}</td></tr>`)
    .join('');
  return `${heading(title, operationId)}<section class="table-scroll" tabindex="0" aria-label="${escapeHtml(`${title} of ${endpoint}`)}"><table class="api-table"><thead><tr><th>Name</th><th>Type</th><th>Description</th></tr></thead><tbody>${body}</tbody></table></section>\n\n`;
}

function parameterRows(api: ApiDescription, operation: ApiOperation, where: 'path' | 'query'): Row[] {
  return (operation.operation.parameters ?? [])
    .map((raw) => deref<Parameter>(api.document, raw))
    .filter((parameter) => parameter.in === where)
    .map((parameter) => ({
      name: parameter.name,
      required: parameter.required === true,
      type: parameter.schema ? typeName(api, parameter.schema) : 'string',
      details: parameter.schema ? details(api, parameter.schema, parameter.description) : (parameter.description ?? '').trim(),
    }));
}

/** Body fields in the bracketed notation of form fields: tune[title], prompt[text]. */
function bodyRows(api: ApiDescription, operation: ApiOperation): Row[] {
  const schema = operation.operation.requestBody?.content['application/json']?.schema;
  if (!schema) return [];
  const root = deref(api.document, schema);
  const rows: Row[] = [];
  for (const [wrapper, rawChild] of Object.entries(root.properties ?? {})) {
    const child = deref(api.document, rawChild);
    const wrapperRequired = root.required?.includes(wrapper) ?? false;
    if (child.properties && (child.type === 'object' || child.type === undefined)) {
      for (const [name, property] of Object.entries(child.properties)) {
        rows.push({ name: `${wrapper}[${name}]`, required: wrapperRequired && (child.required?.includes(name) ?? false), type: typeName(api, property), details: details(api, property, property.description) });
      }
    } else {
      rows.push({ name: wrapper, required: wrapperRequired, type: typeName(api, rawChild), details: details(api, rawChild, rawChild.description) });
    }
  }
  return rows;
}

function returns(api: ApiDescription, operation: ApiOperation): string {
  const items = Object.entries(operation.operation.responses).map(([status, raw]) => {
    const response = deref(api.document, raw);
    const schema = response.content?.['application/json']?.schema;
    const shape = schema ? ` <span class="api-operation__shape">(${escapeHtml(typeName(api, schema))})</span>` : '';
    return `<li><code>${escapeHtml(status)}</code> ${inline(response.description ?? '')}${shape}</li>`;
  });
  return `${heading('Responses', operation.id)}<ul class="api-operation__responses">${items.join('')}</ul>\n\n`;
}

function successExample(api: ApiDescription, operation: ApiOperation): { status: string; example: Json } | undefined {
  for (const [status, raw] of Object.entries(operation.operation.responses)) {
    if (!status.startsWith('2')) continue;
    const example = deref(api.document, raw).content?.['application/json']?.example;
    if (example !== undefined) return { status, example };
  }
  return undefined;
}

function resultName(operation: ApiOperation): string {
  const words = operation.operation.summary.toLowerCase().replace(/[^a-z ]/g, '').split(' ').filter(Boolean);
  const noun = words[words.length - 1] ?? 'result';
  return operation.method === 'delete' ? 'result' : noun;
}

/** What an operation block shows besides its tables and samples. */
export interface OperationOptions {
  /** The operation's description: left out on a page that introduces it itself (lib/transform/operation-intro.ts). */
  description: boolean;
}

export function operationMarkdown(api: ApiDescription, operation: ApiOperation, options: OperationOptions): string {
  const request = exampleRequest(api, operation);
  const name = resultName(operation);
  const response = successExample(api, operation);
  const method = operation.method.toUpperCase();
  // Names the tables' scroll regions apart: a page may hold several operations.
  const endpoint = `${method} ${operation.path}`;
  const left = [
    options.description && operation.operation.description ? `${operation.operation.description.trim()}\n\n` : '',
    table('Path parameters', parameterRows(api, operation, 'path'), endpoint, operation.id),
    table('Query parameters', parameterRows(api, operation, 'query'), endpoint, operation.id),
    table('Request body', bodyRows(api, operation), endpoint, operation.id),
    returns(api, operation),
  ].join('');
  const fence = (lang: string, tab: string, text: string) => `\`\`\`${lang} tab="${tab}"\n${text}\n\`\`\`\n\n`;
  const right = [
    `<p class="api-operation__endpoint"><span class="api-method api-method--${operation.method}">${method}</span> <code>${escapeHtml(operation.path)}</code></p>\n\n`,
    fence('bash', 'cURL', curlSample(request)),
    fence('js', 'Node.js', nodeSample(request, name)),
    fence('python', 'Python', pythonSample(request, name)),
    response
      ? `<p class="api-operation__response-label">Example response <code>${escapeHtml(response.status)}</code></p>\n\n\`\`\`json\n${JSON.stringify(response.example, null, 2)}\n\`\`\`\n\n`
      : '',
  ].join('');
  return `<section class="api-operation" aria-label="${escapeHtml(endpoint)}" data-operation-id="${escapeHtml(operation.id)}">\n<div class="api-operation__doc">\n\n${left}</div>\n<div class="api-operation__samples">\n\n${right}</div>\n</section>\n`;
}

/** A table cell of plain markdown: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/**
 * The same operation as plain markdown, for the page's markdown twin (index.md) and llms-full.txt:
 * method and path, description, GFM tables, responses, one code block per sample language and the
 * example response. Its headings are the page's, so the two read alike.
 */
export function operationPlainMarkdown(api: ApiDescription, operation: ApiOperation, options: OperationOptions): string {
  const request = exampleRequest(api, operation);
  const name = resultName(operation);
  const response = successExample(api, operation);
  const plainTable = (title: string, rows: Row[]) => rows.length === 0 ? '' : [
    `### ${title}`, '',
    '| Name | Type | Description |', '| --- | --- | --- |',
    ...rows.map((row) => `| \`${row.name}\`${row.required ? ' (required)' : ''} | ${cell(row.type)} | ${cell(row.details)} |`),
    '', '',
  ].join('\n');
  const responses = Object.entries(operation.operation.responses).map(([status, raw]) => {
    const described = deref(api.document, raw);
    const schema = described.content?.['application/json']?.schema;
    return `- \`${status}\` ${(described.description ?? '').trim()}${schema ? ` (${typeName(api, schema)})` : ''}`;
  });
  return [
    `**${operation.method.toUpperCase()}** \`${operation.path}\`\n\n`,
    options.description && operation.operation.description ? `${operation.operation.description.trim()}\n\n` : '',
    plainTable('Path parameters', parameterRows(api, operation, 'path')),
    plainTable('Query parameters', parameterRows(api, operation, 'query')),
    plainTable('Request body', bodyRows(api, operation)),
    `### Responses\n\n${responses.join('\n')}\n\n`,
    `Request with cURL:\n\n\`\`\`bash\n${curlSample(request)}\n\`\`\`\n\n`,
    `With Node.js:\n\n\`\`\`js\n${nodeSample(request, name)}\n\`\`\`\n\n`,
    `With Python:\n\n\`\`\`python\n${pythonSample(request, name)}\n\`\`\`\n\n`,
    response ? `Example response \`${response.status}\`:\n\n\`\`\`json\n${JSON.stringify(response.example, null, 2)}\n\`\`\`\n` : '',
  ].join('');
}
