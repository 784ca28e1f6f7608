// html-validate's recommended rules, with the few settings our output needs, and a validator over a
// whole built site. Used by the HTML-validity gate (test/unit/html-valid.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HtmlValidate, type ConfigData } from 'html-validate';

export const HTML_RULES: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes void elements as <meta/>, the markdown renderer as <img>: both are valid HTML.
    'void-style': 'off',
    // React writes boolean and empty attributes as defer="" and hidden="".
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'attribute-empty-style': ['error', { style: 'empty' }],
    // HTML5 ids: heading anchors are slugs of the heading text and may start with a digit.
    'valid-id': ['error', { relaxed: true }],
    // Tag-page titles are worded by the specification ("N docs tagged with …") plus the site name.
    'long-title': ['error', { maxlength: 110 }],
    // The search results are the listbox of an editable ARIA combobox: a <select> cannot be typed
    // into, and a <datalist> cannot show a result's page, section and excerpt.
    'prefer-native-element': ['error', { exclude: ['listbox'] }],
  },
};

/** Every .html file under a folder, as paths relative to it. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.html'))
    .sort();
}

/** Validates every page of a built site; returns one line per problem ("page:line:column rule: message"). */
export async function validateSite(dir: string): Promise<{ pages: number; problems: string[] }> {
  const validator = new HtmlValidate(HTML_RULES);
  const files = htmlFiles(dir);
  const problems: string[] = [];
  for (const file of files) {
    const path = join(dir, file);
    const report = await validator.validateString(readFileSync(path, 'utf8'), relative(dir, path));
    for (const result of report.results) {
      for (const message of result.messages) {
        problems.push(`${result.filePath}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
      }
    }
  }
  return { pages: files.length, problems };
}
