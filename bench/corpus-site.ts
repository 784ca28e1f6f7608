// A generated site on disk for the scaling figures: the corpus of bench/corpus.ts as content/docs/
// with a category per section and per group, a sidebar per section (`docs.sidebarPerFolder`), a
// changelog as the main doc and the real site's images for the logo and favicon.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateCorpus, PAGES_PER_GROUP, PAGES_PER_SECTION, toMarkdown, vocabulary } from './corpus.ts';

const SITE_YML = `title: Generated docs
tagline: A generated documentation site for measuring scale
url: https://docs.example.com
baseUrl: /
favicon: img/favicon.svg
logo:
  src: img/logo.svg
  alt: Generated docs logo
home:
  title: Generated docs
  description: A generated documentation site for measuring scale.
  actions:
    - label: Start
      href: /docs/changes/
  features:
    - title: Changes
      description: What changed.
      href: /docs/changes/
navbar:
  items:
    - label: Changes
      href: /docs/changes/
footer:
  groups:
    - title: Docs
      items:
        - label: Changes
          href: /docs/changes/
  copyright: Generated for the benchmark.
docs:
  version:
    name: current
    label: Next
    path: /docs
  mainDoc: changes
  sidebarPerFolder: true
`;

const category = (label: string, position: number, description: string) =>
  `${JSON.stringify({ label, position, link: { type: 'generated-index', description } }, null, 2)}\n`;

/** Writes a site of `count` generated doc pages into `siteDir`; the words come from the real content. */
export function writeCorpusSite(root: string, siteDir: string, count: number): void {
  const docsDir = join(siteDir, 'content/docs');
  mkdirSync(docsDir, { recursive: true });
  cpSync(join(root, 'assets/img/favicon.svg'), join(siteDir, 'assets/img/favicon.svg'));
  cpSync(join(root, 'assets/img/logo.svg'), join(siteDir, 'assets/img/logo.svg'));
  writeFileSync(join(siteDir, 'content/site.yml'), SITE_YML);
  writeFileSync(join(docsDir, 'changes.md'), '---\nsidebar_position: 0\n---\n# Changes\n\nWhat changed, newest first.\n\n## 2026-11-01\n\nThe generated site was made.\n');
  const pages = generateCorpus(count, vocabulary(join(root, 'content/docs')));
  for (let section = 0; section * PAGES_PER_SECTION < count; section += 1) {
    const dir = join(docsDir, `section-${String(section).padStart(3, '0')}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '_category_.json'), category(`Section ${section + 1}`, section + 1, `Pages ${section * PAGES_PER_SECTION + 1} to ${Math.min(count, (section + 1) * PAGES_PER_SECTION)}.`));
    for (let group = 0; group * PAGES_PER_GROUP < Math.min(PAGES_PER_SECTION, count - section * PAGES_PER_SECTION); group += 1) {
      mkdirSync(join(dir, `group-${group}`), { recursive: true });
      writeFileSync(join(dir, `group-${group}`, '_category_.json'), category(`Group ${section + 1}.${group + 1}`, group + 1, `Part ${group + 1} of section ${section + 1}.`));
    }
  }
  for (const page of pages) {
    const file = join(docsDir, `${page.path}.md`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, toMarkdown(page));
  }
}
