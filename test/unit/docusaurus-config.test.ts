// The Docusaurus config and sidebars files are read statically (lib/load/docusaurus/): the forms
// Docusaurus documents (module.exports, export default, a typed const exported after, satisfies,
// constants and spreads) give their values; what only running the file could tell is a warning at
// its line when the field matters, and the build goes on without it.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BuildError, Diagnostics } from '../../lib/diagnostics.ts';
import { readDocusaurusConfig } from '../../lib/load/docusaurus/config.ts';
import { readSidebarsFile } from '../../lib/load/docusaurus/sidebars.ts';
import { readTagsFile } from '../../lib/load/docusaurus/tags-file.ts';
import { readJsModule, Unknown } from '../../lib/load/docusaurus/static-js.ts';
import { tempDir } from '../helpers/site.ts';

/** A temporary folder holding the given files; removed after the test. */
function folder(t: { after: (fn: () => void) => void }, files: Record<string, string>): string {
  const dir = tempDir('pagewright-docusaurus-');
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const BODY = `title: 'Lumen',
  tagline: 'Images from text',
  url: 'https://docs.lumen.example.com/',
  baseUrl: '/lumen',
  favicon: 'img/favicon.ico',
  themeConfig: {navbar: {logo: {alt: 'Lumen logo', src: '/img/logo.svg'}}},`;

test('the four ways Docusaurus sites export their config give the same values', (t) => {
  const forms = {
    'docusaurus.config.js': `// @ts-check\nmodule.exports = {\n  ${BODY}\n};\n`,
    'docusaurus.config.mjs': `export default {\n  ${BODY}\n};\n`,
    'docusaurus.config.ts': `import type {Config} from '@docusaurus/types';\nconst config: Config = {\n  ${BODY}\n};\n\nexport default config;\n`,
    'docusaurus.config.mts': `import type * as Preset from '@docusaurus/preset-classic';\nexport default {\n  ${BODY}\n} satisfies Preset.Config;\n`,
  };
  for (const [name, text] of Object.entries(forms)) {
    const dir = folder(t, { [name]: text });
    const diagnostics = new Diagnostics();
    const { config } = readDocusaurusConfig(dir, name, diagnostics);
    assert.deepEqual(diagnostics.warnings, [], name);
    assert.equal(config.title, 'Lumen', name);
    assert.equal(config.tagline, 'Images from text', name);
    // The url loses its last "/", the baseUrl gains one, as Docusaurus normalises them.
    assert.equal(config.url, 'https://docs.lumen.example.com', name);
    assert.equal(config.baseUrl, '/lumen/', name);
    assert.equal(config.favicon, 'static/img/favicon.ico', name);
    assert.deepEqual(config.logo, { src: 'static/img/logo.svg', alt: 'Lumen logo' }, name);
  }
});

test('constants, spreads and templates of known values are read; calls and imports are Unknown with their line', (t) => {
  const dir = folder(t, {
    'values.ts': [
      "import {themes} from 'prism-react-renderer';",
      "const org: string = 'lumen-labs';",
      'const shared = {style: `dark`, links: [1, 2]};',
      '',
      'export default {',
      '  repo: `https://git.example.com/${org}/docs`,',
      '  footer: {...shared, links: [...shared.links, 3]},',
      '  theme: themes.github,',
      '  env: process.env.DOCS_URL,',
      "  sidebar: require.resolve('./sidebars.js'),",
      '  negative: -1,',
      '  year: new Date().getFullYear(),',
      '} as const;',
    ].join('\n'),
  });
  const module = readJsModule(join(dir, 'values.ts'), 'values.ts');
  const value = module.value as Record<string, unknown>;
  assert.equal(value.repo, 'https://git.example.com/lumen-labs/docs');
  assert.deepEqual({ ...(value.footer as object) }, { style: 'dark', links: [1, 2, 3] });
  assert.equal(value.sidebar, './sidebars.js');
  assert.equal(value.negative, -1);
  assert.equal(value.year, new Date().getFullYear());
  // Lines are the file's as written, although esbuild removed the types first.
  assert.ok(value.theme instanceof Unknown);
  assert.equal(value.theme.line, 8);
  assert.match(value.theme.what, /imported from "prism-react-renderer"/);
  assert.ok(value.env instanceof Unknown);
  assert.equal(value.env.line, 9);
  assert.equal(module.lineOf(value as never, 'footer'), 7);
});

test('a field that matters but is not known statically is a warning at its line, and the build goes on without it', (t) => {
  const dir = folder(t, {
    'docusaurus.config.js': [
      'const tagline = require("./tagline.json");',
      'module.exports = {',
      "  title: 'Lumen',",
      '  tagline,',
      "  url: 'https://docs.lumen.example.com',",
      "  favicon: 'img/favicon.ico',",
      "  themeConfig: {navbar: {logo: {src: 'img/logo.svg'}, items: [{label: 'Blog', to: '/blog'}, makeItem()]}},",
      "  plugins: ['docusaurus-plugin-image-zoom'],",
      '};',
    ].join('\n'),
  });
  const diagnostics = new Diagnostics();
  const { config } = readDocusaurusConfig(dir, 'docusaurus.config.js', diagnostics);
  assert.equal(config.tagline, '');
  assert.deepEqual(config.navbar.items, [{ label: 'Blog', href: '/blog/' }]);
  const warnings = diagnostics.warnings.toSorted((a, b) => (a.line ?? 0) - (b.line ?? 0)).map((warning) => `${warning.file}:${warning.line}: ${warning.message}`);
  assert.equal(warnings.length, 3, warnings.join('\n'));
  assert.match(warnings[0] ?? '', /^docusaurus\.config\.js:1: "tagline" is the result of calling require\(\), which this generator cannot know without running the file/);
  assert.match(warnings[1] ?? '', /^docusaurus\.config\.js:7: "themeConfig\.navbar\.items\[1\]" is the result of calling makeItem\(\)/);
  assert.match(warnings[2] ?? '', /^docusaurus\.config\.js:8: The plugin "docusaurus-plugin-image-zoom" is not run by this generator/);
});

test('a config the reader cannot see at all stops the build at its line, naming what to write', (t) => {
  const dir = folder(t, {
    'docusaurus.config.js': 'module.exports = async function createConfig() {\n  return {title: "Lumen"};\n};\n',
    'docusaurus.config.ts': 'export default {\n  title: "Lumen",,\n};\n',
  });
  assert.throws(() => readDocusaurusConfig(dir, 'docusaurus.config.js', new Diagnostics()), (error: unknown) =>
    error instanceof BuildError && error.line === 1 && /The exported config is a function/.test(error.message) && /Export the config object itself/.test(error.hint));
  assert.throws(() => readDocusaurusConfig(dir, 'docusaurus.config.ts', new Diagnostics()), (error: unknown) =>
    error instanceof BuildError && error.file === 'docusaurus.config.ts' && error.line === 2);
});

test('sidebars: every item form Docusaurus documents, with several sidebars', (t) => {
  const dir = folder(t, {
    'sidebars.js': [
      "/** @type {import('@docusaurus/plugin-content-docs').SidebarsConfig} */",
      'const sidebars = {',
      "  guides: ['intro', {type: 'doc', id: 'setup', label: 'Set up'}, {type: 'category', label: 'Models', collapsed: false,",
      "    link: {type: 'generated-index', slug: '/models'}, items: [{type: 'autogenerated', dirName: 'models'}]},",
      "    {type: 'link', label: 'Status', href: 'https://status.example.com'}],",
      "  api: {'Endpoints': ['api/generate', {type: 'ref', id: 'api/upscale'}]},",
      "  broken: [{type: 'html', value: '<hr>'}],",
      '};',
      'module.exports = sidebars;',
    ].join('\n'),
  });
  const diagnostics = new Diagnostics();
  const specs = readSidebarsFile(join(dir, 'sidebars.js'), 'sidebars.js', diagnostics);
  assert.deepEqual(specs.map((spec) => spec.id), ['guides', 'api', 'broken']);
  const strip = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, item: unknown) => (key === 'where' ? undefined : item)));
  assert.deepEqual(strip(specs[0]?.items), [
    { kind: 'doc', id: 'intro' },
    { kind: 'doc', id: 'setup', label: 'Set up' },
    { kind: 'category', label: 'Models', collapsed: false, link: { type: 'generated-index', slug: '/models' }, items: [{ kind: 'autogenerated', dirName: 'models' }] },
    { kind: 'link', label: 'Status', href: 'https://status.example.com' },
  ]);
  assert.deepEqual(strip(specs[1]?.items), [
    { kind: 'category', label: 'Endpoints', collapsed: true, items: [{ kind: 'doc', id: 'api/generate' }, { kind: 'doc', id: 'api/upscale' }] },
  ]);
  assert.deepEqual(diagnostics.warnings.map((warning) => `${warning.file}:${warning.line}`), ['sidebars.js:7']);
  assert.match(diagnostics.warnings[0]?.message ?? '', /"broken\[0\]" is an item of type "html", which this generator does not show/);
});

test('what the site relies on but this generator does not build is a warning at its line', (t) => {
  const dir = folder(t, {
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Lumen', url: 'https://docs.lumen.example.com', favicon: 'img/favicon.ico',",
      "  onBrokenLinks: 'warn',",
      "  i18n: {defaultLocale: 'en', locales: ['en', 'fr']},",
      "  presets: [['classic', {docs: {remarkPlugins: [require('remark-math')]}, blog: {showReadingTime: true}}]],",
      "  themeConfig: {navbar: {logo: {src: 'img/logo.svg'}, items: [{type: 'localeDropdown', position: 'right'}]}},",
      '};',
    ].join('\n'),
  });
  const diagnostics = new Diagnostics();
  readDocusaurusConfig(dir, 'docusaurus.config.js', diagnostics);
  const warnings = diagnostics.warnings.toSorted((a, b) => (a.line ?? 0) - (b.line ?? 0)).map((warning) => `${warning.line}: ${warning.message}`);
  assert.equal(warnings.length, 4, warnings.join('\n'));
  assert.match(warnings[0] ?? '', /^4: The site has 2 locales; this generator builds the default locale only/);
  assert.match(warnings.slice(1, 3).join('\n'), /^5: The blog is not built by this generator/m);
  assert.match(warnings.slice(1, 3).join('\n'), /^5: "remarkPlugins" are not run/m);
  assert.match(warnings[3] ?? '', /^6: "themeConfig\.navbar\.items\[0\]" is a navbar item of type "localeDropdown", which this generator does not show/);
});

test('onBrokenLinks and the admonition keywords map to the site config', (t) => {
  const config = (lines: string[]) => {
    const dir = folder(t, { 'docusaurus.config.js': ['module.exports = {', "  title: 'Lumen', url: 'https://docs.lumen.example.com', favicon: 'img/favicon.ico',",
      "  themeConfig: {navbar: {logo: {src: 'img/logo.svg'}}},", ...lines, '};'].join('\n') });
    const diagnostics = new Diagnostics();
    return { ...readDocusaurusConfig(dir, 'docusaurus.config.js', diagnostics).config, warnings: diagnostics.warnings.map((warning) => `${warning.line}: ${warning.message}`) };
  };
  assert.equal(config([]).onBrokenLinks, 'throw');
  assert.equal(config(["  onBrokenLinks: 'warn',"]).onBrokenLinks, 'warn');
  const ignore = config(["  onBrokenLinks: 'ignore',"]);
  assert.equal(ignore.onBrokenLinks, 'warn');
  assert.match(ignore.warnings.join('\n'), /^4: "onBrokenLinks: 'ignore'" is read as 'warn'/);
  const keywords = config(["  presets: [['classic', {docs: {admonitions: {keywords: ['security', 'billing'], extendDefaults: true}}}]],"]);
  assert.deepEqual(keywords.markdown.admonitions, ['security', 'billing']);
  const unusable = config(["  presets: [['classic', {docs: {admonitions: {keywords: ['security', 'two words']}}}]],"]);
  assert.deepEqual(unusable.markdown.admonitions, ['security']);
  assert.match(unusable.warnings.join('\n'), /^4: "admonitions\.keywords" holds 1 entry that cannot follow ":::"/);
});

test('a social card whose size the build cannot read (the JPEG of the Docusaurus template) is left out with a warning, not a failed build', (t) => {
  const dir = folder(t, {
    'docusaurus.config.js': "module.exports = {\n  title: 'Lumen', url: 'https://docs.lumen.example.com', favicon: 'img/favicon.ico',\n  themeConfig: {\n    image: 'img/docusaurus-social-card.jpg',\n    navbar: {logo: {src: 'img/logo.svg'}},\n  },\n};\n",
  });
  const diagnostics = new Diagnostics();
  const { config } = readDocusaurusConfig(dir, 'docusaurus.config.js', diagnostics);
  assert.equal(config.image, undefined);
  assert.deepEqual(diagnostics.warnings.map((warning) => warning.line), [4]);
  assert.match(diagnostics.warnings[0]?.message ?? '', /The social card "static\/img\/docusaurus-social-card\.jpg" is left out/);
});

test('a tags file: a key alone is its label capitalised at its kebab-case page; two tags at one permalink, or an empty file, fail', (t) => {
  const dir = folder(t, {
    'tags.yml': 'releases:\nimageModels: {label: Image models, description: Which model to use.}\nsdk: {permalink: /client-libraries}\n',
    'twice.yml': 'sdk: {permalink: /client-libraries}\nclients: {permalink: client-libraries}\n',
    'empty.yml': '\n',
  });
  const { tags } = readTagsFile(join(dir, 'tags.yml'), 'docs/tags.yml');
  assert.deepEqual([...tags], [
    ['releases', { label: 'Releases', permalink: ['releases'] }],
    ['imageModels', { label: 'Image models', permalink: ['image-models'] }],
    ['sdk', { label: 'Sdk', permalink: ['client-libraries'] }],
  ]);
  assert.throws(() => readTagsFile(join(dir, 'twice.yml'), 'docs/twice.yml'),
    (error: unknown) => error instanceof BuildError && error.line === 2 && /The tags "sdk" and "clients" have the same permalink/.test(error.message));
  assert.throws(() => readTagsFile(join(dir, 'empty.yml'), 'docs/empty.yml'), /The tags file is empty/);
});
