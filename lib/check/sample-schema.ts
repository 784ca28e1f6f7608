// Check, request samples: a sample's body against its operation's request schema. A small validator
// for the part of JSON Schema that content/api/openapi.yaml uses (type, enum, required, properties,
// patternProperties, additionalProperties, items, allOf/anyOf/oneOf, minimum/maximum/multipleOf,
// minItems/maxItems, format binary and uri), rather than a general one, because a sample is not a
// JSON document: its values may be computed (unknown: only what is written is tested), its
// multipart fields are text and files, every problem must name the line of its field, and a field
// the description does not declare is a mistake in a sample even where the description leaves the
// object open to later additions.
import { deref as followRefs } from '../load/openapi.ts';
import type { ApiDescription, Json, Schema } from '../openapi-model.ts';
import type { FormField, SampleValue } from './sample-request.ts';

export interface SchemaProblem {
  line: number;
  message: string;
}

type Document = ApiDescription['document'];

/** Schema keywords this validator reads besides those of lib/openapi-model.ts. */
interface FullSchema extends Schema {
  allOf?: Schema[];
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  multipleOf?: number;
  minItems?: number;
}

/**
 * Each referring schema's target, found once per build: a site's samples are checked against the
 * same few schemas again and again. Keyed by the schema object, which belongs to one description.
 */
const targets = new WeakMap<Schema, Schema>();

/** Follows $ref (lib/load/openapi.ts), remembering where each referring schema leads. */
function deref(document: Document, schema: Schema): Schema {
  if (schema.$ref === undefined) return schema;
  let target = targets.get(schema);
  if (target === undefined) targets.set(schema, (target = followRefs(document, schema)));
  return target;
}

/** Problems of a JSON body. */
export function validateJson(document: Document, schema: Schema, value: SampleValue): SchemaProblem[] {
  const validator = new Validator(document, 'json');
  return validator.result(validator.check(schema, value, '', false), value.line);
}

/**
 * Problems of multipart or form fields against the operation's form schema (bracketed names such
 * as `tune[images][]` as its properties). `open`: the sample adds fields the parser cannot read,
 * so a missing required field is not reported.
 */
export function validateFields(document: Document, schemaOrRef: Schema, fields: FormField[], open: boolean, line: number): SchemaProblem[] {
  const validator = new Validator(document, 'form');
  const schema = deref(document, schemaOrRef) as FullSchema;
  const problems: SchemaProblem[] = [];
  const byName = new Map<string, FormField[]>();
  for (const field of fields) byName.set(field.name, [...(byName.get(field.name) ?? []), field]);
  for (const [name, sent] of byName) {
    const property = validator.propertySchema(schema, name);
    if (!property) {
      problems.push({ line: sent[0]?.line ?? line, message: `Unknown field "${name}": the operation's form has no such field.${validator.suggest(schema, name)}` });
      continue;
    }
    const resolved = deref(document, property) as FullSchema;
    if (typeOf(resolved).includes('array')) {
      const items = resolved.items ?? {};
      for (const field of sent) problems.push(...validator.check(items, field.value, `${name}`, false));
      if (resolved.maxItems !== undefined && sent.length > resolved.maxItems) {
        problems.push({ line: sent[0]?.line ?? line, message: `"${name}" is sent ${sent.length} times; at most ${resolved.maxItems} are allowed.` });
      }
    } else {
      if (sent.length > 1 && !name.endsWith('[]')) {
        problems.push({ line: sent[1]?.line ?? line, message: `"${name}" is sent ${sent.length} times, but it takes one value.` });
      }
      for (const field of sent) problems.push(...validator.check(resolved, field.value, name, false));
    }
  }
  if (!open) problems.push(...validator.requiredFields(schema, new Set(byName.keys()), '', line));
  return validator.result(problems, line);
}

/**
 * The description is content too: a schema may name itself through allOf/anyOf/oneOf (a cycle that
 * never reaches a smaller value) or nest alternatives of alternatives (work that doubles at each
 * level). A schema already being checked against the same value adds nothing and is skipped; past
 * this many schema visits for one sample, the check stops with a located problem.
 */
export const MAX_SCHEMA_VISITS = 100_000;

class Validator {
  private visits = 0;
  /** The schemas being checked against each value right now (to cut cycles). */
  private readonly active = new WeakMap<SampleValue, Set<object>>();

  constructor(private readonly document: Document, private readonly mode: 'json' | 'form') {}

  /** The problems found, and one more at `line` when the visit limit cut the check short. */
  result(problems: SchemaProblem[], line: number): SchemaProblem[] {
    if (this.visits <= MAX_SCHEMA_VISITS) return problems;
    return [...problems, { line, message: `Checking this sample against the request schema took over ${MAX_SCHEMA_VISITS.toLocaleString('en-US')} steps: simplify the schema's nested allOf/anyOf/oneOf in the API description.` }];
  }

  /** Problems of one value; `branch`: inside anyOf/oneOf/allOf, where an object is not closed. */
  check(schemaOrRef: Schema, value: SampleValue, path: string, branch: boolean): SchemaProblem[] {
    const schema = deref(this.document, schemaOrRef) as FullSchema;
    const active = this.active.get(value) ?? new Set<object>();
    if (active.has(schema)) return [];
    this.visits += 1;
    if (this.visits > MAX_SCHEMA_VISITS) return [];
    this.active.set(value, active);
    active.add(schema);
    try {
      return this.checkOnce(schema, value, path, branch);
    } finally {
      active.delete(schema);
    }
  }

  private checkOnce(schema: FullSchema, value: SampleValue, path: string, branch: boolean): SchemaProblem[] {
    const at = path || 'the body';
    const problems: SchemaProblem[] = [];
    for (const sub of schema.allOf ?? []) problems.push(...this.check(sub, value, path, true));
    for (const group of [schema.anyOf, schema.oneOf]) {
      if (!group || value.kind === 'unknown') continue;
      const results = group.map((sub) => this.check(sub, value, path, true));
      if (results.some((result) => result.length === 0)) continue;
      const alternatives = results.map((result) => result.map((problem) => problem.message.replace(/\.$/, '')).join(' and '));
      problems.push({ line: value.line, message: `${at} matches none of the forms the operation accepts: ${[...new Set(alternatives)].join('; or ')}.` });
    }
    if (value.kind === 'unknown' && value.type === undefined) return problems;
    if (schema.format === 'binary') return [...problems, ...this.file(value, at)];
    if (value.kind === 'file') return [...problems, { line: value.line, message: `${at} is a file, but the field takes a value, not an upload.` }];
    const types = typeOf(schema);
    const text = this.mode === 'form' && value.kind === 'string';
    if (types.length > 0 && !types.some((type) => this.hasType(value, type))) {
      problems.push({ line: value.line, message: `${at} should be ${types.map(article).join(' or ')}, not ${describe(value)}.` });
      return problems;
    }
    const known = this.known(value, types);
    // A form field is text: "1" is the enum value 1, "" is null.
    if (schema.enum && known !== undefined && !schema.enum.some((allowed) => (text ? formText(allowed) === value.value : allowed === known))) {
      problems.push({ line: value.line, message: `${at} is ${JSON.stringify(known)}, which is not one of the allowed values: ${schema.enum.map((allowed) => JSON.stringify(allowed)).join(', ')}.` });
    }
    if (typeof known === 'number') problems.push(...this.range(schema, known, at, value.line));
    if (schema.format === 'uri' && typeof known === 'string' && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(known)) {
      problems.push({ line: value.line, message: `${at} should be an absolute address (https://…), not ${JSON.stringify(known)}.` });
    }
    if (value.kind === 'object') problems.push(...this.object(schema, value, path, branch));
    if (value.kind === 'array') {
      if (schema.items) value.items.forEach((item, index) => problems.push(...this.check(schema.items as Schema, item, `${path}[${index}]`, branch)));
      if (!value.open && schema.maxItems !== undefined && value.items.length > schema.maxItems) {
        problems.push({ line: value.line, message: `${at} has ${value.items.length} items; at most ${schema.maxItems} are allowed.` });
      }
      if (!value.open && schema.minItems !== undefined && value.items.length < schema.minItems) {
        problems.push({ line: value.line, message: `${at} has ${value.items.length} items; at least ${schema.minItems} are needed.` });
      }
    }
    return problems;
  }

  private file(value: SampleValue, at: string): SchemaProblem[] {
    if (this.mode === 'json') {
      return [{ line: value.line, message: `${at} is a file upload, which only a multipart request can send; in a JSON body send its address field instead.` }];
    }
    if (value.kind === 'file' || value.kind === 'unknown') return [];
    return [{ line: value.line, message: `${at} takes a file upload (curl: -F "field=@photo.jpg"), not ${describe(value)}.` }];
  }

  private object(schema: FullSchema, value: Extract<SampleValue, { kind: 'object' }>, path: string, branch: boolean): SchemaProblem[] {
    const problems: SchemaProblem[] = [];
    for (const entry of value.entries) {
      const key = path ? `${path}.${entry.key}` : entry.key;
      const own = schema.properties?.[entry.key] ?? this.pattern(schema, entry.key);
      if (own) {
        problems.push(...this.check(own, entry.value, key, branch));
        continue;
      }
      if (branch || this.declares(schema, entry.key)) continue;
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
        if (typeof schema.additionalProperties === 'object') problems.push(...this.check(schema.additionalProperties, entry.value, key, branch));
        continue;
      }
      if (!schema.properties && !schema.allOf) continue;
      problems.push({ line: entry.line, message: `Unknown field "${key}": the request schema does not declare it.${this.suggest(schema, entry.key)}` });
    }
    if (!value.open) problems.push(...this.requiredFields(schema, new Set(value.entries.map((entry) => entry.key)), path, value.line));
    return problems;
  }

  requiredFields(schema: FullSchema, present: Set<string>, path: string, line: number): SchemaProblem[] {
    const missing = (schema.required ?? []).filter((key) => !present.has(key));
    const problems = missing.map((key) => ({ line, message: `Missing required field "${path ? `${path}.` : ''}${key}".` }));
    // anyOf made only of required lists (one of images / image_urls): checked here for form fields,
    // whose values check() never sees as one object.
    if (this.mode === 'form') {
      const groups = (schema.anyOf ?? []).map((sub) => deref(this.document, sub).required ?? []);
      if (groups.length > 0 && groups.every((group) => group.length > 0) && !groups.some((group) => group.every((key) => present.has(key)))) {
        problems.push({ line, message: `Missing field: the operation needs one of ${groups.map((group) => `"${group.join('", "')}"`).join(', ')}.` });
      }
    }
    return problems;
  }

  /** A property schema by name: declared, through allOf, or matching a patternProperties key. */
  propertySchema(schema: FullSchema, name: string, seen = new Set<object>()): Schema | undefined {
    const direct = schema.properties?.[name] ?? this.pattern(schema, name);
    if (direct) return direct;
    seen.add(schema);
    for (const sub of schema.allOf ?? []) {
      const resolved = deref(this.document, sub) as FullSchema;
      if (seen.has(resolved)) continue;
      const found = this.propertySchema(resolved, name, seen);
      if (found) return found;
    }
    return undefined;
  }

  private pattern(schema: FullSchema, name: string): Schema | undefined {
    for (const [pattern, sub] of Object.entries(schema.patternProperties ?? {})) if (compiled(pattern).test(name)) return sub;
    return undefined;
  }

  /** Whether allOf or anyOf/oneOf branches declare the key. */
  private declares(schema: FullSchema, key: string, seen = new Set<object>()): boolean {
    seen.add(schema);
    return [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((sub) => {
      const resolved = deref(this.document, sub) as FullSchema;
      if (seen.has(resolved)) return false;
      return resolved.properties?.[key] !== undefined || this.declares(resolved, key, seen);
    });
  }

  /** " Did you mean …?" for a near name. */
  suggest(schema: FullSchema, name: string): string {
    const names = this.names(schema);
    const near = names.find((candidate) => distance(candidate.toLowerCase(), name.toLowerCase()) <= 2);
    return near ? ` Did you mean "${near}"?` : '';
  }

  private names(schema: FullSchema, seen = new Set<object>()): string[] {
    seen.add(schema);
    return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((sub) => {
      const resolved = deref(this.document, sub) as FullSchema;
      return seen.has(resolved) ? [] : this.names(resolved, seen);
    })];
  }

  private hasType(value: SampleValue, type: string): boolean {
    // Computed text: any form field can hold it; in JSON it is a string.
    if (value.kind === 'unknown') return this.mode === 'form' || type === 'string';
    if (this.mode === 'form' && value.kind === 'string') {
      const text = value.value;
      if (type === 'string') return true;
      if (type === 'integer') return /^-?\d+$/.test(text);
      if (type === 'number') return text.trim() !== '' && Number.isFinite(Number(text));
      if (type === 'boolean') return text === 'true' || text === 'false' || text === '1' || text === '0';
      if (type === 'null') return text === '';
      return false;
    }
    switch (type) {
      case 'string': return value.kind === 'string';
      case 'integer': return value.kind === 'number' && Number.isInteger(value.value);
      case 'number': return value.kind === 'number';
      case 'boolean': return value.kind === 'boolean';
      case 'null': return value.kind === 'null';
      case 'object': return value.kind === 'object';
      case 'array': return value.kind === 'array';
      default: return true;
    }
  }

  /** The value as its schema type reads it (form text as a number where the schema has one). */
  private known(value: SampleValue, types: string[]): Json | undefined {
    if (value.kind === 'string') {
      if (this.mode === 'form' && !types.includes('string') && (types.includes('integer') || types.includes('number'))) return Number(value.value);
      return value.value;
    }
    if (value.kind === 'number' || value.kind === 'boolean') return value.value;
    if (value.kind === 'null') return null;
    return undefined;
  }

  private range(schema: FullSchema, number: number, at: string, line: number): SchemaProblem[] {
    const problems: SchemaProblem[] = [];
    if (schema.minimum !== undefined && number < schema.minimum) problems.push({ line, message: `${at} is ${number}, below the minimum ${schema.minimum}.` });
    if (schema.maximum !== undefined && number > schema.maximum) problems.push({ line, message: `${at} is ${number}, above the maximum ${schema.maximum}.` });
    if (schema.multipleOf !== undefined && number % schema.multipleOf !== 0) problems.push({ line, message: `${at} is ${number}, not a multiple of ${schema.multipleOf}.` });
    return problems;
  }
}

const patterns = new Map<string, RegExp>();

/** A patternProperties key as a regular expression, compiled once. */
function compiled(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) patterns.set(pattern, (regex = new RegExp(pattern, 'u')));
  return regex;
}

function typeOf(schema: Schema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function article(type: string): string {
  return type === 'null' ? 'null' : type === 'integer' || type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`;
}

function describe(value: SampleValue): string {
  switch (value.kind) {
    case 'string': return `the text ${JSON.stringify(value.value)}`;
    case 'number': return `the number ${value.value}`;
    case 'boolean': return `${value.value}`;
    case 'null': return 'null';
    case 'object': return 'an object';
    case 'array': return 'a list';
    case 'file': return 'a file';
    default: return value.type === 'string' ? 'computed text' : 'a computed value';
  }
}

/** How an enum value is written in a form field. */
function formText(value: Json): string {
  return value === null ? '' : String(value);
}

/** Edit distance, for suggestions (short names only). */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] as number;
}
