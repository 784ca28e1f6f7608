// Words of the docs as written: each markdown file under content/docs/ without its front matter,
// prose and code counted apart (code blocks, fenced with ``` or ~~~, are samples, not reading).
// Counted from the sources so that any commit's content can be counted the same way (git show).

export interface WordCount {
  prose: number;
  code: number;
}

export function countWords(markdown: string): WordCount {
  const body = markdown.replace(/\r\n?/g, '\n').replace(/^---\n[\s\S]*?\n---\n/, '');
  let prose = 0;
  let code = 0;
  let fence: string | undefined;
  for (const line of body.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker))) {
      fence = fence ? undefined : marker;
      continue;
    }
    const words = line.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
    if (fence) code += words;
    else prose += words;
  }
  return { prose, code };
}

/** Totals per first folder under content/docs/ ("api", "features", …; "" for the top level) and overall. */
export function countDocs(files: { path: string; text: string }[]): { total: WordCount; sections: Map<string, WordCount> } {
  const total: WordCount = { prose: 0, code: 0 };
  const sections = new Map<string, WordCount>();
  for (const file of files) {
    const relative = file.path.replace(/^content\/docs\//, '');
    const section = relative.includes('/') ? (relative.split('/')[0] ?? '').replace(/^\d+-/, '') : '';
    const count = countWords(file.text);
    const entry = sections.get(section) ?? { prose: 0, code: 0 };
    entry.prose += count.prose;
    entry.code += count.code;
    sections.set(section, entry);
    total.prose += count.prose;
    total.code += count.code;
  }
  return { total, sections };
}
