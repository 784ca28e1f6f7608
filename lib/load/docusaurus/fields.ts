// Load, Docusaurus: typed reading of a statically read module's values (lib/load/docusaurus/
// static-js.ts). A field this generator uses but cannot know (an Unknown) or of the wrong type is a
// warning at its line and reads as absent, so the build goes on with what the file says for sure.
import type { Diagnostics, Location } from '../../diagnostics.ts';
import { isObject, Unknown, unknownMessage, type JsModule, type JsObject, type JsValue } from './static-js.ts';

export class JsFields {
  constructor(
    readonly module: JsModule,
    readonly data: JsObject,
    /** Dotted path of this object in the file ("themeConfig.navbar"), for messages. */
    readonly path: string,
    private readonly diagnostics: Diagnostics,
  ) {}

  name(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }

  at(key?: string): Location {
    const line = key === undefined ? this.module.lineOfValue(this.data) : this.module.lineOf(this.data, key) ?? this.module.lineOfValue(this.data);
    return { file: this.module.file, line };
  }

  warn(key: string | undefined, message: string): void {
    this.diagnostics.warn(this.at(key), message);
  }

  has(key: string): boolean {
    return this.data[key] !== undefined && this.data[key] !== null;
  }

  /** The value as written, Unknown included (for fields read by a caller that warns itself). */
  raw(key: string): JsValue {
    return this.data[key];
  }

  /** Undefined for an absent field; a warning (and undefined) for an Unknown or a value of another type. */
  private typed<T>(key: string, expected: string, test: (value: JsValue) => value is T & JsValue): T | undefined {
    const value = this.data[key];
    if (value === undefined || value === null) return undefined;
    if (value instanceof Unknown) {
      this.diagnostics.warn({ file: this.module.file, line: value.line ?? this.at(key).line }, unknownMessage(this.name(key), value));
      return undefined;
    }
    if (!test(value)) {
      this.warn(key, `"${this.name(key)}" must be ${expected}; the field is ignored. Write ${expected} there.`);
      return undefined;
    }
    return value as T;
  }

  string(key: string): string | undefined {
    return this.typed(key, 'a text', (value): value is string => typeof value === 'string');
  }

  boolean(key: string): boolean | undefined {
    return this.typed(key, 'true or false', (value): value is boolean => typeof value === 'boolean');
  }

  object(key: string): JsFields | undefined {
    const value = this.typed(key, 'an object', (item): item is JsObject => isObject(item));
    return value && new JsFields(this.module, value, this.name(key), this.diagnostics);
  }

  list(key: string): JsValue[] | undefined {
    return this.typed(key, 'a list', (value): value is JsValue[] => Array.isArray(value));
  }

  /** The objects of a list, each read on its own; another kind of item is a warning and left out. */
  objectList(key: string): JsFields[] {
    const list = this.list(key) ?? [];
    return list.flatMap((item, index) => {
      const path = `${this.name(key)}[${index}]`;
      if (isObject(item)) return [new JsFields(this.module, item, path, this.diagnostics)];
      if (item instanceof Unknown) this.diagnostics.warn({ file: this.module.file, line: item.line }, unknownMessage(path, item));
      else this.warn(key, `"${path}" must be an object; it is left out.`);
      return [];
    });
  }

  /** Another object of the same file, with its own path. */
  child(value: JsObject, path: string): JsFields {
    return new JsFields(this.module, value, path, this.diagnostics);
  }
}
