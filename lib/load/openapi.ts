// Load: reads content/api/openapi.yaml and checks the structure the site relies on: operations with ids
// and summaries, resolvable $refs, and examples that carry their schema's required fields.
import { existsSync } from 'node:fs';
import { parseYaml } from './config.ts';
import { BuildError, BuildFailure, lineAt } from '../diagnostics.ts';
import { isPlainObject } from './fields.ts';
import { readSourceText } from './source-text.ts';
import { checkYamlAliases } from './openapi-aliases.ts';
import { METHODS, type ApiDescription, type ApiOperation, type Json, type Method, type Operation, type Parameter, type Schema } from '../openapi-model.ts';

export function loadApiDescription(absPath: string, file: string): ApiDescription | undefined {
  if (!existsSync(absPath)) return undefined;
  const text = readSourceText(absPath, file);
  const data = parseYaml({ file, text, lineOffset: 0 });
  checkYamlAliases(text, file);
  return validateApiDescription(data, text, file);
}

/** Line of the first occurrence of a text in the file, for messages. */
function lineOf(text: string, needle: string): number | undefined {
  const index = text.indexOf(needle);
  return index >= 0 ? lineAt(text, index) : undefined;
}

export function resolveRef<T>(document: ApiDescription['document'], ref: string): T | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    if (!isPlainObject(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node as T | undefined;
}

/** Follows $ref until a concrete schema. */
export function deref<T extends { $ref?: string }>(document: ApiDescription['document'], value: T): T {
  let current = value;
  for (let depth = 0; current.$ref && depth < 20; depth++) {
    const next = resolveRef<T>(document, current.$ref);
    if (!next) break;
    current = next;
  }
  return current;
}

export function validateApiDescription(data: unknown, text: string, file: string): ApiDescription {
  const fail = (problem: string, hint: string, needle?: string) =>
    new BuildError({ file, line: needle ? lineOf(text, needle) : undefined }, problem, hint);
  if (!isPlainObject(data) || typeof data.openapi !== 'string' || !data.openapi.startsWith('3.1')) {
    throw fail('The API description must be an OpenAPI 3.1 document ("openapi: 3.1.0").', 'Start the file with "openapi: 3.1.0".', 'openapi');
  }
  if (!isPlainObject(data.paths)) throw fail('The API description has no "paths".', 'Add the API\'s operations under "paths".');
  const document = data as unknown as ApiDescription['document'];
  const problems: BuildError[] = [];

  // Every $ref anywhere must resolve.
  // Each value once, by identity: a value reached through several aliases is one value.
  const visited = new Set<object>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null || visited.has(node)) return;
    visited.add(node);
    if (Array.isArray(node)) node.forEach(walk);
    else if (isPlainObject(node)) {
      if (typeof node.$ref === 'string' && resolveRef(document, node.$ref) === undefined) {
        problems.push(fail(`Unknown $ref "${node.$ref}".`, 'Point it to a definition under #/components/ that exists.', node.$ref));
      }
      Object.values(node).forEach(walk);
    }
  };
  walk(document);

  const operations = new Map<string, ApiOperation>();
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isPlainObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (typeof operation.operationId !== 'string' || typeof operation.summary !== 'string' || !isPlainObject(operation.responses)) {
        problems.push(fail(`Operation ${where} needs an operationId, a summary and responses.`, 'Add the missing keys.', `${path}:`));
        continue;
      }
      if (operations.has(operation.operationId)) {
        problems.push(fail(`operationId "${operation.operationId}" is used twice.`, 'Give each operation its own id.', `operationId: ${operation.operationId}`));
      }
      // Parameters shared by all operations of a path are declared once on the path item.
      const shared = Array.isArray(item.parameters) ? (item.parameters as Parameter[]) : [];
      const own = operation.parameters ?? [];
      const key = (p: Parameter) => { const d = deref(document, p); return `${d.in}:${d.name}`; };
      const merged = [...shared.filter((p) => !own.some((o) => key(o) === key(p))), ...own];
      operations.set(operation.operationId, { id: operation.operationId, method: method as Method, path, operation: { ...operation, parameters: merged } });
      // The generated samples fill each path parameter with its example.
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        const parameter = merged.map((p) => deref(document, p)).find((p) => p.in === 'path' && p.name === name);
        if (parameter?.example === undefined && parameter?.schema?.example === undefined) {
          problems.push(fail(`Path parameter "${name}" of "${operation.operationId}" has no example.`,
            'Declare it (on the operation or the path) with an "example" value; the request samples use it.', `operationId: ${operation.operationId}`));
        }
      }
      for (const [where2, media] of examples(operation)) {
        if (!media.schema || media.example === undefined) continue;
        const missing = missingRequired(document, media.schema, media.example, '');
        if (missing.length > 0) {
          problems.push(fail(`The ${where2} example of "${operation.operationId}" lacks required field(s): ${missing.join(', ')}.`,
            'Add them to the example, or remove them from the schema\'s "required" list.', `operationId: ${operation.operationId}`));
        }
      }
    }
  }
  if (problems.length > 0) throw new BuildFailure(problems);
  const serverUrl = document.servers?.[0]?.url ?? 'https://api.example.com';
  return { file, text, document, serverUrl, operations };
}

function* examples(operation: Operation): Generator<[string, { schema?: Schema; example?: Json }]> {
  for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) yield [`request (${type})`, media];
  for (const [status, response] of Object.entries(operation.responses)) {
    for (const [type, media] of Object.entries(response.content ?? {})) yield [`${status} response (${type})`, media];
  }
}

/** Paths of the required fields that an example lacks, following $ref, arrays and nested objects. */
export function missingRequired(document: ApiDescription['document'], schemaOrRef: Schema, example: Json, at: string): string[] {
  const schema = deref(document, schemaOrRef);
  if (Array.isArray(example)) {
    return schema.items ? example.flatMap((item, index) => missingRequired(document, schema.items as Schema, item, `${at}[${index}]`)) : [];
  }
  if (!isPlainObject(example)) return [];
  const missing = (schema.required ?? []).filter((key) => !(key in example)).map((key) => (at ? `${at}.${key}` : key));
  for (const [key, value] of Object.entries(example)) {
    const property = schema.properties?.[key];
    if (property) missing.push(...missingRequired(document, property, value as Json, at ? `${at}.${key}` : key));
  }
  return missing;
}
