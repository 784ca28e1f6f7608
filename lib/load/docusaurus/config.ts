// Load, Docusaurus: docusaurus.config.js/.ts read statically (lib/load/docusaurus/static-js.ts) into
// this generator's SiteConfig: title, tagline, url, baseUrl, favicon, navbar, footer, announcement
// bar, social card, the classic preset's docs options (path, routeBasePath, sidebarPath, editUrl).
// What the site relies on but this generator does not build (a blog, plugins, other locales, a
// React home page …) is a warning at its line; theme styling (custom CSS, colours, Prism themes,
// positions of navbar items) is left to this generator's own theme, as the README says.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { BuildError, type Diagnostics, type Location } from '../../diagnostics.ts';
import type { LinkItem, SiteConfig } from '../config.ts';
import type { MarkdownFormat } from '../frontmatter.ts';
import { encodeSegment, routeSegments } from '../route-path.ts';
import { JsFields } from './fields.ts';
import type { OnInlineTags } from './tags-file.ts';
import { isObject, readJsModule, Unknown, unknownMessage, type JsValue } from './static-js.ts';

/** The config file names Docusaurus looks for, in its order. */
const CONFIG_NAMES = ['docusaurus.config.ts', 'docusaurus.config.mts', 'docusaurus.config.cts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs'];

/** The Docusaurus config file of a site folder (relative to it), when the folder is a Docusaurus site. */
export function docusaurusConfigFile(siteDir: string): string | undefined {
  return CONFIG_NAMES.find((name) => existsSync(join(siteDir, name)));
}

/**
 * What `npm start` watches in a Docusaurus site folder besides content/ and assets/ (relative to
 * it): the config, the usual sidebars files, docs/ and static/; none for another site.
 */
export function docusaurusSources(siteDir: string): string[] {
  const config = docusaurusConfigFile(siteDir);
  return config ? [config, 'sidebars.js', 'sidebars.ts', 'docs', 'static'] : [];
}

/** A link of the navbar or home page that leads to the first page of a sidebar, known once the sidebars are. */
export interface SidebarLink {
  link: LinkItem;
  /** The sidebar's name; undefined for the first sidebar. */
  sidebarId: string | undefined;
  where: Location;
}

/** A link to a doc by its id, made a route once the docs are loaded. */
export interface DocLink {
  link: LinkItem;
  docId: string;
  where: Location;
}

export interface DocusaurusConfig {
  configFile: string;
  configText: string;
  config: SiteConfig;
  /** The docs folder (absolute) and its path relative to the site folder. */
  docsDir: string;
  /** The sidebars file, when the docs options name one (else the folder tree is the sidebar). */
  sidebarsFile: { absPath: string; file: string } | undefined;
  /** static/: published at the site root. */
  staticDir: string;
  /** The tags file (docs/tags.yml, or the docs option `tags`), when there is one. */
  tagsFile: { absPath: string; file: string } | undefined;
  /** The docs option `onInlineTags`, for tags the tags file does not define ('log' is read as 'warn'). */
  onInlineTags: OnInlineTags;
  sidebarLinks: SidebarLink[];
  docLinks: DocLink[];
}

const CLASSIC_PRESETS = ['classic', '@docusaurus/preset-classic', 'docusaurus-preset-classic'];
/** Plugins and themes whose work this generator does itself (search, the sitemap, the classic theme). */
const BUILT_IN = ['@docusaurus/plugin-sitemap', '@docusaurus/theme-classic', '@docusaurus/theme-search-algolia', '@easyops-cn/docusaurus-search-local', 'docusaurus-lunr-search'];

export function readDocusaurusConfig(siteDir: string, configFile: string, diagnostics: Diagnostics): DocusaurusConfig {
  const module = readJsModule(join(siteDir, configFile), configFile);
  if (!isObject(module.value)) {
    const what = module.value instanceof Unknown ? module.value.what : 'not an object';
    throw new BuildError({ file: configFile, line: module.value instanceof Unknown ? module.value.line : undefined },
      `The exported config is ${what}, which this generator cannot read without running the file.`,
      'Export the config object itself ("export default config;" or "module.exports = config;" with "const config = {…}"); a function or async config is not read.');
  }
  const root = new JsFields(module, module.value, '', diagnostics);
  const required = (key: string): string => {
    const value = root.string(key);
    if (value === undefined || value.trim() === '') {
      throw new BuildError(root.at(key), `"${key}" is missing from the Docusaurus config.`, `Add "${key}: '…'" (Docusaurus requires it too).`);
    }
    return value;
  };
  const title = required('title');
  const url = required('url').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) throw new BuildError(root.at('url'), `"url" must be an absolute URL (it is "${url}").`, 'Use the origin the site is published at, e.g. https://docs.example.com.');
  let baseUrl = root.string('baseUrl') ?? '/';
  if (!baseUrl.startsWith('/')) baseUrl = `/${baseUrl}`;
  if (!baseUrl.endsWith('/')) baseUrl = `${baseUrl}/`;
  const themeConfig = root.object('themeConfig');
  const docsOptions = readPresets(root, diagnostics);
  warnUnbuilt(root, siteDir, docsOptions, diagnostics);

  const docsPathOption = docsOptions?.string('path') ?? 'docs';
  const docsDir = resolve(siteDir, docsPathOption);
  const docsRel = relative(siteDir, docsDir);
  if (docsRel.startsWith('..') || docsRel === '') {
    throw new BuildError(docsOptions?.at('path') ?? { file: configFile }, `The docs path "${docsPathOption}" is not a folder inside the site folder.`, 'Keep the docs in a folder of the site, such as "docs".');
  }
  const routeBasePath = docsOptions?.string('routeBasePath') ?? 'docs';
  const checked = routeSegments(routeBasePath.trim());
  if ('problem' in checked) {
    throw new BuildError(docsOptions?.at('routeBasePath') ?? { file: configFile }, `"routeBasePath" ("${routeBasePath}") ${checked.problem}.`, 'Use a path of names such as "docs", or "/" for docs at the site root.');
  }
  const docsPath = `/${checked.segments.map(encodeSegment).join('/')}`;
  const docsRoute = docsPath === '/' ? '/' : `${docsPath}/`;

  const links = new LinkReader(docsRoute);
  const navbar = themeConfig?.object('navbar');
  const logo = navbar?.object('logo');
  const footer = themeConfig?.object('footer');
  const announcement = themeConfig?.object('announcementBar');
  // Both may be absent, as in Docusaurus: pages then link no icon, and the navbar shows the title alone.
  const favicon = staticPath(root, 'favicon', configFile);
  const logoSrc = logo && staticPath(logo, 'src', configFile);
  let image = themeConfig && staticPath(themeConfig, 'image', configFile);
  // Link previews need the image's size, which the build reads from PNG and SVG files only.
  if (image !== undefined && !/\.(png|svg)$/i.test(image)) {
    themeConfig?.warn('image', `The social card "${image}" is left out: link previews need an image whose size the build reads (PNG or SVG). Use a PNG of 1200 × 630 pixels.`);
    image = undefined;
  }
  const tagline = root.string('tagline') ?? '';
  const editUrl = docsOptions?.has('editUrl') ? docsOptions.string('editUrl') : undefined;
  const homeAction: LinkItem = { label: 'Read the docs', href: docsRoute };
  links.sidebarLinks.push({ link: homeAction, sidebarId: undefined, where: { file: configFile } });

  const config: SiteConfig = {
    title,
    tagline,
    url,
    baseUrl,
    favicon,
    logo: logoSrc === undefined ? undefined : { src: logoSrc, alt: logo?.string('alt') ?? title },
    image: image === undefined ? undefined : { src: image, alt: title },
    home: { title, description: tagline, actions: [homeAction], features: [] },
    navbar: { items: (navbar?.objectList('items') ?? []).flatMap((item) => links.navbarItem(item)), hideOnScroll: navbar?.boolean('hideOnScroll') ?? false },
    footer: readFooter(footer, links),
    announcement: announcement && readAnnouncement(announcement, links),
    analyticsId: undefined,
    docs: {
      version: { name: 'current', label: 'Next', path: docsPath },
      // Set to the first doc of the first sidebar once the sidebars are known (lib/load/docusaurus/site.ts).
      mainDoc: '',
      sidebarPerFolder: false,
      editUrl: editUrl === undefined ? undefined : readEditUrl(editUrl, docsOptions as JsFields),
    },
    sidebarLinks: undefined,
    embeds: [],
    onBrokenLinks: readOnBrokenLinks(root),
    markdown: { admonitions: readAdmonitionKeywords(docsOptions), languages: {}, format: readMarkdownFormat(root) },
  };
  return {
    configFile, configText: module.text, config, docsDir,
    sidebarsFile: sidebarsFile(siteDir, docsOptions, configFile),
    staticDir: join(siteDir, 'static'),
    tagsFile: tagsFile(siteDir, docsDir, docsOptions, configFile),
    onInlineTags: readOnInlineTags(docsOptions),
    sidebarLinks: links.sidebarLinks, docLinks: links.docLinks,
  };
}

/** The classic preset's docs options; other presets, and a classic preset the reader cannot see, are warnings. */
function readPresets(root: JsFields, diagnostics: Diagnostics): JsFields | undefined {
  let docs: JsFields | undefined;
  for (const [index, entry] of (root.list('presets') ?? []).entries()) {
    const path = `presets[${index}]`;
    const [name, options] = Array.isArray(entry) ? entry : [entry, undefined];
    if (name instanceof Unknown || options instanceof Unknown) {
      const unknown = (name instanceof Unknown ? name : options) as Unknown;
      diagnostics.warn({ file: root.module.file, line: unknown.line }, unknownMessage(path, unknown));
      continue;
    }
    if (typeof name !== 'string' || !CLASSIC_PRESETS.includes(name)) {
      root.warn('presets', `The preset ${JSON.stringify(name)} is not built by this generator; only the classic preset's docs are. Remove it, or expect what it adds to be missing.`);
      continue;
    }
    if (!isObject(options as JsValue)) continue;
    const preset = root.child(options as Record<string, JsValue>, `${path}[1]`);
    if (preset.has('docs') && preset.raw('docs') === false) continue;
    docs = preset.object('docs');
    const blog = preset.raw('blog');
    if (blog !== false && blog !== undefined) preset.warn('blog', 'The blog is not built by this generator: its posts are left out. Set "blog: false" to say so, or keep the blog on another site.');
  }
  return docs;
}

/** "onBrokenLinks": "throw" fails the build; "warn" and "log" report each broken link and go on. */
function readOnBrokenLinks(root: JsFields): SiteConfig['onBrokenLinks'] {
  const value = root.string('onBrokenLinks') ?? 'throw';
  if (value === 'ignore') {
    root.warn('onBrokenLinks', `"onBrokenLinks: 'ignore'" is read as 'warn': this generator reports every broken link. Fix the links it names, or set 'warn' to say so.`);
  }
  return value === 'throw' ? 'throw' : 'warn';
}

/**
 * The config's `markdown.format`: "md" and "detect" change how pages are read; "mdx" is Docusaurus's
 * default and this generator's (a .md page keeps its other braces as text all the same).
 */
function readMarkdownFormat(root: JsFields): MarkdownFormat | undefined {
  const markdown = root.object('markdown');
  const format = markdown?.string('format');
  if (format === undefined || format === 'mdx') return undefined;
  if (format === 'md' || format === 'detect') return format;
  markdown?.warn('format', `"markdown.format: '${format}'" is not a format (md, mdx or detect); pages are read as MDX.`);
  return undefined;
}

/** The docs plugin's "admonitions.keywords": admonition types of the site's own, beside the built-in ones. */
function readAdmonitionKeywords(docsOptions: JsFields | undefined): string[] {
  const admonitions = docsOptions?.object('admonitions');
  const keywords = admonitions?.list('keywords') ?? [];
  const usable = keywords.filter((keyword): keyword is string => typeof keyword === 'string' && /^[A-Za-z][\w-]*$/.test(keyword));
  if (usable.length < keywords.length) {
    admonitions?.warn('keywords', `"admonitions.keywords" holds ${keywords.length - usable.length} entr${keywords.length - usable.length === 1 ? 'y' : 'ies'} that cannot follow ":::" (letters, digits, "-" and "_", starting with a letter); ${usable.length === 0 ? 'none is' : 'only the others are'} read, so blocks of those types fail the build. Rename them.`);
  }
  return usable;
}

/** Parts of a Docusaurus site this generator does not build: one warning each, where the config says so. */
function warnUnbuilt(root: JsFields, siteDir: string, docs: JsFields | undefined, diagnostics: Diagnostics): void {
  for (const key of ['plugins', 'themes'] as const) {
    for (const [index, entry] of (root.list(key) ?? []).entries()) {
      const name = Array.isArray(entry) ? entry[0] : entry;
      if (typeof name === 'string' && BUILT_IN.includes(name)) continue;
      const shown = typeof name === 'string' ? `"${name}"` : `${key}[${index}]`;
      diagnostics.warn(root.at(key), `The ${key === 'plugins' ? 'plugin' : 'theme'} ${shown} is not run by this generator: what it adds to the site is missing. Remove it from "${key}" once the site does without it.`);
    }
  }
  const locales = root.object('i18n')?.list('locales');
  if (locales && locales.length > 1) root.warn('i18n', `The site has ${locales.length} locales; this generator builds the default locale only.`);
  for (const key of ['scripts', 'stylesheets', 'clientModules'] as const) {
    if ((root.list(key) ?? []).length > 0) root.warn(key, `"${key}" are not added to the pages: they would run code or styles from outside the site's security policy. Remove them, or keep the site on Docusaurus.`);
  }
  if (existsSync(join(siteDir, 'versions.json'))) {
    diagnostics.warn({ file: 'versions.json' }, 'The site has versioned docs; this generator builds the current docs only (the docs folder), not versioned_docs/.');
  }
  const pagesDir = join(siteDir, 'src/pages');
  if (existsSync(pagesDir)) {
    const pages = readdirSync(pagesDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && /\.(jsx?|tsx?|mdx?)$/.test(entry.name));
    if (pages.length > 0) {
      diagnostics.warn({ file: 'src/pages' }, `${pages.length} page${pages.length === 1 ? '' : 's'} of src/pages (React or markdown pages) are not built; the home page shows the title, the tagline and a link to the docs.`);
    }
  }
  if (docs) {
    for (const key of ['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins'] as const) {
      if ((docs.list(key) ?? []).length > 0) docs.warn(key, `"${key}" are not run: what they change in the markdown is not changed here.`);
    }
    if (docs.has('include') || docs.has('exclude')) docs.warn(docs.has('include') ? 'include' : 'exclude', 'The docs "include"/"exclude" patterns are not read: every .md file of the docs folder is a doc.');
  }
}

/** The sidebars file the docs options name (`sidebarPath`); none: the folder tree is the sidebar, as in Docusaurus. */
function sidebarsFile(siteDir: string, docs: JsFields | undefined, configFile: string): { absPath: string; file: string } | undefined {
  if (!docs?.has('sidebarPath') || docs.raw('sidebarPath') === false) return undefined;
  const path = docs.string('sidebarPath');
  if (path === undefined) return undefined;
  const absPath = resolve(siteDir, path);
  const file = relative(siteDir, absPath);
  if (file.startsWith('..')) throw new BuildError(docs.at('sidebarPath'), `"sidebarPath" ("${path}") leaves the site folder.`, 'Keep the sidebars file in the site folder, e.g. "./sidebars.js".');
  if (!existsSync(absPath)) throw new BuildError(docs.at('sidebarPath') ?? { file: configFile }, `The sidebars file "${path}" does not exist.`, 'Create it, or remove "sidebarPath" to have the folder tree as the sidebar.');
  return { absPath, file };
}

/** The docs option `tags`: a file in the docs folder ("tags.yml" when it exists and the option is not set); false or null: none. */
function tagsFile(siteDir: string, docsDir: string, docs: JsFields | undefined, configFile: string): { absPath: string; file: string } | undefined {
  const option = docs?.has('tags') ? docs.raw('tags') : undefined;
  if (option === false || option === null) return undefined;
  const name = docs?.string('tags') ?? 'tags.yml';
  const absPath = resolve(docsDir, name);
  const file = relative(siteDir, absPath);
  if (file.startsWith('..')) throw new BuildError(docs?.at('tags') ?? { file: configFile }, `The tags file "${name}" is outside the site folder.`, 'Keep the tags file in the docs folder, e.g. "tags.yml".');
  if (!existsSync(absPath)) {
    if (option === undefined) return undefined;
    throw new BuildError(docs?.at('tags') ?? { file: configFile }, `The tags file "${file}" does not exist.`, 'Create it, or remove the "tags" option.');
  }
  return { absPath, file };
}

function readOnInlineTags(docs: JsFields | undefined): OnInlineTags {
  const value = docs?.string('onInlineTags');
  return value === 'ignore' || value === 'throw' ? value : 'warn';
}

/** A path of static/ the config names (favicon, logo, social card), without its leading "/". */
function staticPath(fields: JsFields, key: string, configFile: string): string | undefined {
  const value = fields.string(key);
  if (value === undefined) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    throw new BuildError(fields.at(key), `"${fields.name(key)}" is an address on another site ("${value}"); this generator publishes its images itself.`,
      `Put the file in static/ and name it by its path there (e.g. "img/logo.svg") in ${configFile}.`);
  }
  return `static/${value.replace(/^\/+/, '')}`;
}

function readEditUrl(url: string, docs: JsFields): string | undefined {
  if (!/^https?:\/\//.test(url)) {
    docs.warn('editUrl', `"editUrl" must be an absolute URL (it is "${url}"); "Edit this page" links are left out.`);
    return undefined;
  }
  return url.endsWith('/') ? url : `${url}/`;
}

/** Navbar, footer and announcement links: `to` a route (made to end with "/" like this site's), `href` as written. */
class LinkReader {
  readonly sidebarLinks: SidebarLink[] = [];
  readonly docLinks: DocLink[] = [];

  constructor(private readonly docsRoute: string) {}

  navbarItem(item: JsFields): LinkItem[] {
    const type = item.string('type') ?? 'default';
    const label = item.string('label');
    switch (type) {
      case 'search':
        // This generator's search is always in the navbar.
        return [];
      case 'docSidebar': {
        const sidebarId = item.string('sidebarId');
        if (sidebarId === undefined) return this.leftOut(item, 'a docSidebar item without "sidebarId"');
        const link = { label: label ?? sidebarId, href: this.docsRoute };
        this.sidebarLinks.push({ link, sidebarId, where: item.at('sidebarId') });
        return [link];
      }
      case 'doc': {
        const docId = item.string('docId');
        if (docId === undefined) return this.leftOut(item, 'a doc item without "docId"');
        const link = { label: label ?? docId, href: this.docsRoute };
        this.docLinks.push({ link, docId, where: item.at('docId') });
        return [link];
      }
      case 'default':
        return this.plain(item);
      case 'dropdown': {
        item.warn('type', `The dropdown "${label ?? ''}" is shown as its links, one after the other: this navbar has no dropdowns.`);
        return item.objectList('items').flatMap((child) => this.navbarItem(child));
      }
      default:
        return this.leftOut(item, `a navbar item of type "${type}"`);
    }
  }

  /** A `{label, to}` or `{label, href}` item; an `html` one is left out with a warning. */
  plain(item: JsFields): LinkItem[] {
    const label = item.string('label');
    const to = item.string('to');
    const href = item.string('href');
    if (label === undefined || (to === undefined && href === undefined)) return this.leftOut(item, item.has('html') ? 'an item of raw HTML' : 'an item without "label" and "to" or "href"');
    if (to !== undefined) return [{ label, href: routeOf(to) }];
    return [{ label, href: href as string }];
  }

  private leftOut(item: JsFields, what: string): LinkItem[] {
    item.warn(undefined, `"${item.path}" is ${what}, which this generator does not show; it is left out.`);
    return [];
  }
}

/** A Docusaurus `to` ("/docs/intro", "docs/intro") as this site's route ("/docs/intro/"); a file path keeps its name. */
function routeOf(to: string): string {
  const [path = '', hash] = to.split('#');
  let route = path.startsWith('/') ? path : `/${path}`;
  const last = route.split('/').pop() ?? '';
  if (!route.endsWith('/') && !/\.[a-z0-9]+$/i.test(last)) route += '/';
  return hash === undefined ? route : `${route}#${hash}`;
}

function readFooter(footer: JsFields | undefined, links: LinkReader): SiteConfig['footer'] {
  if (!footer) return { groups: [], copyright: '' };
  if (footer.has('logo')) footer.warn('logo', 'The footer logo is not shown: this footer has none.');
  const entries = footer.objectList('links');
  // A "simple footer" lists links without titles; a "multi-column footer" lists titled groups.
  const grouped = entries.some((entry) => entry.has('items'));
  const groups = grouped
    ? entries.map((entry) => ({ title: entry.string('title') ?? '', items: entry.objectList('items').flatMap((item) => links.plain(item)) }))
    : entries.length > 0 ? [{ title: '', items: entries.flatMap((item) => links.plain(item)) }] : [];
  const copyright = footer.string('copyright') ?? '';
  if (/<[a-z!/]/i.test(copyright)) footer.warn('copyright', 'The footer copyright holds HTML, which is shown as text here (tags removed). Write it as plain text.');
  return { groups, copyright: copyright.replace(/<[^>]*>/g, '') };
}

/** The announcement bar's HTML content as this site's text and link: one `<a>` at most, other tags removed. */
function readAnnouncement(bar: JsFields, links: LinkReader): SiteConfig['announcement'] {
  const content = bar.string('content');
  if (content === undefined) return undefined;
  const anchors = [...content.matchAll(/<a\s[^>]*href=(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a>/gi)];
  const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
  const first = anchors[0];
  if (anchors.length > 1) bar.warn('content', 'The announcement has more than one link; only the first is kept. Keep one link.');
  const after = first ? text(content.slice((first.index ?? 0) + first[0].length)) : '';
  if (/[\p{L}\p{N}]/u.test(after)) bar.warn('content', `The announcement's text after its link ("${after}") is left out: the link ends the announcement here. Move the text before the link.`);
  const href = first?.[2];
  return {
    id: bar.string('id') ?? 'announcement-bar',
    text: text(first ? content.slice(0, first.index) : content),
    link: first && href !== undefined
      ? links.plain(bar.child(Object.assign(Object.create(null) as Record<string, JsValue>, { label: text(first[3] ?? ''), [href.startsWith('/') ? 'to' : 'href']: href }), bar.name('content')))[0]
      : undefined,
  };
}
