// Build problems that name the file, the line and what to do. Errors stop the build;
// warnings are collected and printed, and the build goes on.

export interface Location {
  /** Path relative to the project root, as the author would open it. */
  file: string;
  /** 1-based line, when the problem has one. */
  line?: number | undefined;
}

export class BuildError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly hint: string;
  readonly problem: string;

  constructor(where: Location, problem: string, hint: string) {
    super(formatProblem(where, problem, hint));
    this.name = 'BuildError';
    this.file = where.file;
    this.line = where.line;
    this.problem = problem;
    this.hint = hint;
  }
}

export interface Warning extends Location {
  message: string;
}

export function formatProblem(where: Location, problem: string, hint?: string): string {
  const place = where.line ? `${where.file}:${where.line}` : where.file;
  return hint ? `${place}: ${problem}\n  → ${hint}` : `${place}: ${problem}`;
}

/** Collects warnings during one build so that the summary can print them together. */
export class Diagnostics {
  readonly warnings: Warning[] = [];
  warn(where: Location, message: string): void {
    this.warnings.push({ ...where, message });
  }
}

/** 1-based line number of a character offset in a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The expressions lineOfKey made, by key: a load asks for the same few keys of every doc (making
 * one cost ~3 µs, 30 ms of a 10,000-page load). Bounded: a key may come from a contributor's file.
 */
const keyPatterns = new Map<string, RegExp>();
const KEY_PATTERNS_KEPT = 64;

/** 1-based line of the first `key:` at any indentation in a YAML or JSON text, if found. */
export function lineOfKey(text: string, key: string): number | undefined {
  let pattern = keyPatterns.get(key);
  if (pattern === undefined) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Not global: exec starts at the text's start whatever it matched before.
    pattern = new RegExp(`^[ \\t-]*["']?${escaped}["']?[ \\t]*:`, 'm');
    if (keyPatterns.size < KEY_PATTERNS_KEPT) keyPatterns.set(key, pattern);
  }
  const match = pattern.exec(text);
  return match ? lineAt(text, match.index) : undefined;
}

/** Several errors found in one stage (every broken link at once, not one per build). */
export class BuildFailure extends Error {
  constructor(readonly problems: BuildError[]) {
    super(problems.map((problem) => problem.message).join('\n'));
    this.name = 'BuildFailure';
  }
}
