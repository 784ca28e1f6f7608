// Load, Docusaurus: the value a JavaScript or TypeScript module exports (docusaurus.config.js,
// sidebars.ts), read STATICALLY. These files come with the content (pull requests), so they are
// parsed, never run: literals, objects, arrays, template strings, top-level constants and spreads
// of known values are read; anything only running the file could tell (an imported value, a
// function call, process.env) becomes an Unknown that remembers its line, and the reader of a field
// that matters warns about it there. TypeScript is first stripped of its types by esbuild, whose
// source map gives each node its line in the file as written.
import { parse, type Node, type Program, type SpreadElement } from 'acorn';
import { transformSync } from 'esbuild';
import { BuildError } from '../../diagnostics.ts';
import { readSourceText } from '../source-text.ts';

/** A value the file computes at run time; `what` completes "The value is …" ("a function call"). */
export class Unknown {
  constructor(readonly line: number | undefined, readonly what: string) {}
}

export type JsValue = string | number | boolean | null | undefined | Unknown | JsValue[] | JsObject;
export interface JsObject {
  [key: string]: JsValue;
}

/** The module's exported value, with the line of each object property for messages. */
export interface JsModule {
  file: string;
  text: string;
  value: JsValue;
  /** The line of `key` in `object` as written (the key's own line). */
  lineOf(object: JsObject, key: string): number | undefined;
  /** The line where a value (an object or a list) starts. */
  lineOfValue(value: JsValue): number | undefined;
  /** The line of a list's item as written (a doc id of a sidebar). */
  lineOfItem(list: JsValue[], index: number): number | undefined;
}

export function isObject(value: JsValue): value is JsObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Unknown);
}

/** Reads the module at `absPath` (`file`: its path for messages); a syntax error stops the build at its line. */
export function readJsModule(absPath: string, file: string): JsModule {
  const text = readSourceText(absPath, file);
  const typed = /\.[cm]?ts$/.test(file);
  let code = text;
  let lineOfGenerated = (line: number, _column: number): number | undefined => line;
  if (typed) {
    let stripped: { code: string; map: string };
    try {
      stripped = transformSync(text, { loader: 'ts', sourcemap: 'external', sourcefile: file, logLevel: 'silent' });
    } catch (error) {
      const first = (error as { errors?: { text: string; location?: { line: number } | null }[] }).errors?.[0];
      throw new BuildError({ file, line: first?.location?.line }, `This TypeScript file cannot be read: ${first?.text ?? String(error)}.`,
        'Fix the syntax at this line (the file is read, never run).');
    }
    code = stripped.code;
    lineOfGenerated = sourceLines(stripped.map);
  }
  let program: Program;
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowHashBang: true, allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true });
  } catch (error) {
    const loc = (error as { loc?: { line: number } }).loc;
    throw new BuildError({ file, line: loc ? lineOfGenerated(loc.line, 0) : undefined },
      `This file cannot be read as JavaScript: ${(error as Error).message.replace(/ \(\d+:\d+\)$/, '')}.`,
      'Fix the syntax at this line (the file is read, never run).');
  }
  return new Reader(program, text, file, lineOfGenerated).module();
}

/**
 * Where each place of esbuild's output came from: a function of an output line and column that
 * gives the input line of the last mapping at or before that place.
 */
function sourceLines(mapJson: string): (line: number, column: number) => number | undefined {
  const map = JSON.parse(mapJson) as { mappings: string };
  const lines: [number, number][][] = [];
  let sourceLine = 0;
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (const lineText of map.mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (segment === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = digits.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      // Fields: output column (relative within the line), source, source line, source column (relative to the last).
      column += fields[0] ?? 0;
      if (fields.length >= 3) {
        sourceLine += fields[2] ?? 0;
        segments.push([column, sourceLine + 1]);
      }
    }
    lines.push(segments);
  }
  return (line, column) => {
    const segments = lines[line - 1] ?? [];
    let found = segments[0]?.[1];
    for (const [start, source] of segments) if (start <= column) found = source;
    return found;
  };
}

type AnyNode = Node & { type: string; [key: string]: unknown };

class Reader {
  /** Top-level `const`/`let`/`var` and imports by name: read on first use. */
  private readonly bindings = new Map<string, AnyNode | { imported: string; line: number | undefined }>();
  private readonly values = new Map<string, JsValue>();
  private readonly reading = new Set<string>();
  private readonly keyLines = new WeakMap<JsObject, Map<string, number | undefined>>();
  private readonly valueLines = new WeakMap<object, number | undefined>();
  private readonly itemLines = new WeakMap<JsValue[], (number | undefined)[]>();

  constructor(private readonly program: Program, private readonly text: string, private readonly file: string,
    private readonly lineOfGenerated: (line: number, column: number) => number | undefined) {}

  module(): JsModule {
    let exported: AnyNode | undefined;
    for (const statement of this.program.body as AnyNode[]) {
      if (statement.type === 'VariableDeclaration') {
        for (const declarator of statement.declarations as AnyNode[]) {
          const id = declarator.id as AnyNode;
          if (id.type === 'Identifier' && declarator.init) this.bindings.set(id.name as string, declarator.init as AnyNode);
        }
      } else if (statement.type === 'ImportDeclaration') {
        for (const specifier of statement.specifiers as AnyNode[]) {
          const local = specifier.local as AnyNode;
          this.bindings.set(local.name as string, { imported: String((statement.source as AnyNode).value), line: this.line(statement) });
        }
      } else if (statement.type === 'ExportDefaultDeclaration') {
        exported = statement.declaration as AnyNode;
      } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
        const declaration = statement.declaration as AnyNode;
        if (declaration.type === 'VariableDeclaration') {
          for (const declarator of declaration.declarations as AnyNode[]) {
            const id = declarator.id as AnyNode;
            if (id.type === 'Identifier' && declarator.init) this.bindings.set(id.name as string, declarator.init as AnyNode);
          }
        }
      } else if (statement.type === 'ExpressionStatement') {
        const expression = statement.expression as AnyNode;
        if (expression.type === 'AssignmentExpression' && this.isModuleExports(expression.left as AnyNode)) exported = expression.right as AnyNode;
      }
    }
    const value = exported ? this.value(exported) : new Unknown(undefined, 'not exported (no "export default" or "module.exports =")');
    return {
      file: this.file, text: this.text, value,
      lineOf: (object, key) => this.keyLines.get(object)?.get(key),
      lineOfValue: (known) => (typeof known === 'object' && known !== null ? this.valueLines.get(known) : undefined),
      lineOfItem: (list, index) => this.itemLines.get(list)?.[index],
    };
  }

  private isModuleExports(node: AnyNode): boolean {
    return node.type === 'MemberExpression' && !node.computed && (node.object as AnyNode).type === 'Identifier'
      && (node.object as AnyNode).name === 'module' && (node.property as AnyNode).name === 'exports';
  }

  private line(node: Node): number | undefined {
    return node.loc ? this.lineOfGenerated(node.loc.start.line, node.loc.start.column) : undefined;
  }

  private value(node: AnyNode): JsValue {
    const made = this.read(node);
    if (typeof made === 'object' && made !== null && !(made instanceof Unknown) && !this.valueLines.has(made)) this.valueLines.set(made, this.line(node));
    return made;
  }

  private read(node: AnyNode): JsValue {
    const line = this.line(node);
    switch (node.type) {
      case 'Literal':
        return 'regex' in node && node.regex ? new Unknown(line, 'a regular expression') : (node.value as JsValue);
      case 'TemplateLiteral': {
        const quasis = node.quasis as AnyNode[];
        let out = String((quasis[0]?.value as { cooked: string }).cooked ?? '');
        for (const [index, expression] of (node.expressions as AnyNode[]).entries()) {
          const part = this.value(expression);
          if (part instanceof Unknown) return part;
          if (typeof part === 'object' && part !== null) return new Unknown(line, 'a template with an object in it');
          out += String(part) + String((quasis[index + 1]?.value as { cooked: string }).cooked ?? '');
        }
        return out;
      }
      case 'ObjectExpression': {
        const object: JsObject = Object.create(null) as JsObject;
        const lines = new Map<string, number | undefined>();
        for (const property of node.properties as AnyNode[]) {
          if (property.type === 'SpreadElement') {
            const spread = this.value(property.argument as AnyNode);
            if (spread instanceof Unknown) return spread;
            if (!isObject(spread)) return new Unknown(this.line(property), 'a spread of something that is not an object');
            for (const [key, item] of Object.entries(spread)) {
              object[key] = item;
              lines.set(key, this.keyLines.get(spread)?.get(key));
            }
            continue;
          }
          const key = this.key(property);
          if (key === undefined) return new Unknown(this.line(property), 'an object with a computed key');
          object[key] = property.kind !== 'init' || property.method ? new Unknown(this.line(property), 'a function') : this.value(property.value as AnyNode);
          lines.set(key, this.line(property));
        }
        this.keyLines.set(object, lines);
        return object;
      }
      case 'ArrayExpression': {
        const list: JsValue[] = [];
        const lines: (number | undefined)[] = [];
        for (const element of node.elements as (AnyNode | null)[]) {
          if (element === null) {
            list.push(undefined);
            lines.push(undefined);
          } else if (element.type === 'SpreadElement') {
            const spread = this.value((element as unknown as SpreadElement).argument as AnyNode);
            if (!Array.isArray(spread)) return spread instanceof Unknown ? spread : new Unknown(this.line(element), 'a spread of something that is not a list');
            list.push(...spread);
            lines.push(...spread.map((_, index) => this.itemLines.get(spread)?.[index]));
          } else {
            list.push(this.value(element));
            lines.push(this.line(element));
          }
        }
        this.itemLines.set(list, lines);
        return list;
      }
      case 'Identifier':
        return node.name === 'undefined' ? undefined : this.binding(node.name as string, line);
      case 'UnaryExpression': {
        const argument = this.value(node.argument as AnyNode);
        if (node.operator === 'void') return undefined;
        if (argument instanceof Unknown) return argument;
        if (node.operator === '-' && typeof argument === 'number') return -argument;
        if (node.operator === '!') return !argument;
        return new Unknown(line, `an expression with "${String(node.operator)}"`);
      }
      case 'ParenthesizedExpression':
      case 'ChainExpression':
        return this.value(node.expression as AnyNode);
      case 'MemberExpression': {
        const object = this.value(node.object as AnyNode);
        if (object instanceof Unknown) return object;
        const key = node.computed ? this.value(node.property as AnyNode) : (node.property as AnyNode).name;
        if (isObject(object) && typeof key === 'string') return object[key];
        if (Array.isArray(object) && typeof key === 'number') return object[key];
        return new Unknown(line, 'a property of something that is not an object');
      }
      case 'CallExpression':
        return this.call(node, line);
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return new Unknown(line, 'a function');
      default:
        return new Unknown(line, `an expression (${node.type}) known only by running the file`);
    }
  }

  /** The calls whose result is known without running them; any other is Unknown. */
  private call(node: AnyNode, line: number | undefined): JsValue {
    const callee = node.callee as AnyNode;
    const args = node.arguments as AnyNode[];
    const name = this.sourceOf(callee);
    // `sidebarPath: require.resolve('./sidebars.js')`: the path as written.
    if (name === 'require.resolve' && args.length === 1 && args[0]?.type === 'Literal' && typeof args[0].value === 'string') return args[0].value;
    // The footer's `Copyright © ${new Date().getFullYear()}`: the year of the build, as Docusaurus shows it.
    if (name === 'new Date().getFullYear' && args.length === 0) return new Date().getFullYear();
    return new Unknown(line, `the result of calling ${name.length <= 60 ? `${name}()` : 'a function'}`);
  }

  private sourceOf(node: AnyNode): string {
    if (node.type === 'Identifier') return node.name as string;
    if (node.type === 'MemberExpression' && !node.computed) return `${this.sourceOf(node.object as AnyNode)}.${String((node.property as AnyNode).name)}`;
    if (node.type === 'NewExpression' && (node.arguments as AnyNode[]).length === 0) return `new ${this.sourceOf(node.callee as AnyNode)}()`;
    if (node.type === 'CallExpression') return `${this.sourceOf(node.callee as AnyNode)}()`;
    return 'a function';
  }

  private key(property: AnyNode): string | undefined {
    const key = property.key as AnyNode;
    if (!property.computed && key.type === 'Identifier') return key.name as string;
    if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
    return undefined;
  }

  private binding(name: string, line: number | undefined): JsValue {
    if (this.values.has(name)) return this.values.get(name);
    const bound = this.bindings.get(name);
    if (!bound) return new Unknown(line, `"${name}", which is not a constant of this file`);
    if ('imported' in bound) return new Unknown(line, `"${name}", imported from "${bound.imported}"`);
    // `const a = b; const b = a;` has no value.
    if (this.reading.has(name)) return new Unknown(line, `"${name}", which refers to itself`);
    this.reading.add(name);
    const value = this.value(bound as AnyNode);
    this.reading.delete(name);
    this.values.set(name, value);
    return value;
  }
}

/** What a reader says about an Unknown value at a field: the sentence and what to do. */
export function unknownMessage(field: string, unknown: Unknown): string {
  return `"${field}" is ${unknown.what}, which this generator cannot know without running the file (it reads it, never runs it); the field is ignored. `
    + 'Write the value itself (a text, a list or an object) in the file.';
}
