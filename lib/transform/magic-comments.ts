// Transform, magic comments: Docusaurus's "// highlight-next-line" and "// highlight-start" …
// "// highlight-end" lines in a code block highlight the code they mark and are themselves
// removed (so they are neither shown nor copied). Each language takes them in its own comment
// syntax, as Docusaurus reads them; a language it has no rule for takes every syntax. A block with
// "{1,3-5}" line ranges is left as written, as in Docusaurus.

const DIRECTIVES = '(highlight-next-line|highlight-start|highlight-end)';

/** Comment syntaxes: what opens the comment and what closes it (empty: the line's end). */
const COMMENTS: Readonly<Record<string, readonly [string, string]>> = {
  js: ['\\/\\/', ''],
  jsBlock: ['\\/\\*', '\\*\\/'],
  jsx: ['\\{\\s*\\/\\*', '\\*\\/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
  lua: ['--', ''],
  wasm: [';;', ''],
  tex: ['%', ''],
  vb: ["['‘’]", ''],
  vbnet: ["(?:_\\s*)?['‘’]", ''],
  rem: ['[Rr][Ee][Mm]\\b', ''],
  f90: ['!', ''],
  ml: ['\\(\\*', '\\*\\)'],
  cobol: ['\\*>', ''],
};

/** The comment syntaxes of a fence language, as Docusaurus lists them. */
function syntaxesOf(lang: string): string[] {
  switch (lang) {
    case 'js': case 'javascript': case 'ts': case 'typescript': return ['js', 'jsBlock'];
    case 'jsx': case 'tsx': return ['js', 'jsBlock', 'jsx'];
    case 'html': return ['js', 'jsBlock', 'html'];
    case 'python': case 'py': case 'bash': return ['bash'];
    // Markdown text takes HTML comments, its front matter "#".
    case 'markdown': case 'md': return ['html', 'jsx', 'bash'];
    case 'tex': case 'latex': case 'matlab': return ['tex'];
    case 'lua': case 'haskell': case 'sql': return ['lua'];
    case 'wasm': return ['wasm'];
    case 'vb': case 'vba': case 'visual-basic': return ['vb', 'rem'];
    case 'vbnet': return ['vbnet', 'rem'];
    case 'batch': return ['rem'];
    case 'basic': return ['rem', 'f90'];
    case 'fsharp': return ['js', 'ml'];
    case 'ocaml': case 'sml': return ['ml'];
    case 'fortran': return ['f90'];
    case 'cobol': return ['cobol'];
    default: return Object.keys(COMMENTS);
  }
}

const patterns = new Map<string, RegExp>();

/** A line that is only a magic comment in `lang` (lower case), its directive captured; undefined for a fence without a language. */
export function magicCommentPattern(lang: string): RegExp | undefined {
  if (lang === '') return undefined;
  let pattern = patterns.get(lang);
  if (!pattern) {
    const alternatives = syntaxesOf(lang).map((name) => {
      const [open, close] = COMMENTS[name] ?? ['', ''];
      return `${open}\\s*${DIRECTIVES}\\s*${close}`;
    });
    pattern = new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
    patterns.set(lang, pattern);
  }
  return pattern;
}

export interface MagicComments {
  /** The code without its magic comment lines. */
  code: string;
  /** 1-based lines of `code` to highlight. */
  lines: Set<number>;
  /** What could not be read, with the 0-based line of the block it is on, for a warning. */
  problems: { line: number; problem: string }[];
}

/** Reads and removes the magic comments of a block's code in `lang`. */
export function readMagicComments(code: string, lang: string): MagicComments {
  const pattern = magicCommentPattern(lang.toLowerCase());
  const lines = new Set<number>();
  const problems: MagicComments['problems'] = [];
  // A cheap test first: almost no block has any.
  if (!pattern || !code.includes('highlight-')) return { code, lines, problems };
  const kept: string[] = [];
  const open: number[] = [];
  let nextLine = false;
  code.split('\n').forEach((line, index) => {
    const directive = pattern.exec(line)?.slice(1).find((group) => group !== undefined);
    if (directive === 'highlight-next-line') {
      nextLine = true;
    } else if (directive === 'highlight-start') {
      open.push(index);
    } else if (directive === 'highlight-end') {
      if (open.pop() === undefined) problems.push({ line: index, problem: '"highlight-end" has no "highlight-start" before it' });
    } else {
      kept.push(line);
      if (nextLine || open.length > 0) lines.add(kept.length);
      nextLine = false;
    }
  });
  for (const index of open) problems.push({ line: index, problem: '"highlight-start" has no "highlight-end" after it; the lines to the end of the block are highlighted' });
  return { code: kept.join('\n'), lines, problems };
}
