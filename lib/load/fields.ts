// Load: typed reading of parsed YAML/JSON with messages that name the file, the line and the fix.
// Used for site.yml, front matter and _category_ files, so all three speak the same way.
import { BuildError, lineOfKey } from '../diagnostics.ts';

export interface Source {
  file: string;
  text: string;
  /** Lines before `text` in the file (front matter starts after the opening `---`). */
  lineOffset: number;
}

type Plain = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

export class FieldReader {
  constructor(
    readonly data: Plain,
    readonly source: Source,
    /** Dotted path of this object inside the document, for messages. */
    readonly path = '',
  ) {}

  private name(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }

  fail(key: string, problem: string, hint: string): never {
    const local = lineOfKey(this.source.text, key);
    const line = local === undefined ? undefined : local + this.source.lineOffset;
    throw new BuildError({ file: this.source.file, line }, problem, hint);
  }

  has(key: string): boolean {
    return this.data[key] !== undefined && this.data[key] !== null;
  }

  private wrongType(key: string, expected: string): never {
    return this.fail(
      key,
      `"${this.name(key)}" must be ${expected}, but it is ${describe(this.data[key])}.`,
      `Change "${this.name(key)}" to ${expected}.`,
    );
  }

  optionalString(key: string): string | undefined {
    const value = this.data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string') return this.wrongType(key, 'a text');
    return value;
  }

  string(key: string): string {
    const value = this.optionalString(key);
    if (value === undefined || value.trim() === '') {
      return this.fail(key, `"${this.name(key)}" is missing.`, `Add "${this.name(key)}: …" with a text value.`);
    }
    return value;
  }

  optionalBoolean(key: string): boolean | undefined {
    const value = this.data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') return this.wrongType(key, 'true or false');
    return value;
  }

  optionalNumber(key: string): number | undefined {
    const value = this.data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.wrongType(key, 'a number');
    return value;
  }

  optionalStringList(key: string): string[] | undefined {
    const value = this.data[key];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.trim() === '')) {
      return this.wrongType(key, 'a list of texts');
    }
    return value as string[];
  }

  optionalObject(key: string): FieldReader | undefined {
    const value = this.data[key];
    if (value === undefined || value === null) return undefined;
    if (!isPlainObject(value)) return this.wrongType(key, 'a mapping of keys to values');
    return new FieldReader(value, this.source, this.name(key));
  }

  object(key: string): FieldReader {
    const reader = this.optionalObject(key);
    if (!reader) return this.fail(key, `"${this.name(key)}" is missing.`, `Add the "${this.name(key)}" section.`);
    return reader;
  }

  /** A list of mappings, each read by its own FieldReader. */
  objectList(key: string): FieldReader[] {
    const value = this.data[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || !value.every(isPlainObject)) return this.wrongType(key, 'a list of mappings');
    return value.map((item, index) => new FieldReader(item, this.source, `${this.name(key)}[${index}]`));
  }

  /** Fails on keys outside `allowed`: a typo in a key would otherwise be silently ignored. */
  onlyKeys(allowed: readonly string[]): void {
    for (const key of Object.keys(this.data)) {
      if (!allowed.includes(key)) {
        this.fail(key, `Unknown key "${this.name(key)}".`, `Use one of: ${allowed.join(', ')}.`);
      }
    }
  }
}
