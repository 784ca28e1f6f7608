// Load: read content/site.yml into a typed, validated SiteConfig.
import { existsSync } from 'node:fs';
import { load, YAMLException } from 'js-yaml';
import { BuildError } from '../diagnostics.ts';
import { languageModule } from '../transform/highlight.ts';
import { FieldReader, isPlainObject, type Source } from './fields.ts';
import type { MarkdownFormat } from './frontmatter.ts';
import { encodeSegment, routeSegments } from './route-path.ts';
import { readSourceText } from './source-text.ts';

export interface LinkItem {
  label: string;
  /** A site route starting with "/" (checked like every internal link) or an absolute URL. */
  href: string;
}

export interface SiteConfig {
  title: string;
  tagline: string;
  /** Origin the site is published at, used for canonical URLs and the sitemap. */
  url: string;
  /** Path prefix of every link; "/" or "/sub/path/". */
  baseUrl: string;
  /** The favicon, under assets/; absent: pages link none (as a Docusaurus config may leave it out). */
  favicon?: string | undefined;
  /** The navbar logo, under assets/; absent: the navbar shows the title alone. */
  logo?: { src: string; alt: string } | undefined;
  /** The link-preview (Open Graph) image of every page, under assets/; absent: previews without an image. */
  image?: { src: string; alt: string } | undefined;
  home: { title: string; description: string; actions: LinkItem[]; features: { title: string; description: string; href: string }[] };
  navbar: { items: LinkItem[]; hideOnScroll: boolean };
  footer: { groups: { title: string; items: LinkItem[] }[]; copyright: string };
  announcement?: { id: string; text: string; link?: LinkItem | undefined } | undefined;
  analyticsId?: string | undefined;
  docs: {
    version: { name: string; label: string; path: string };
    /** Id of the doc that is the version's main document. */
    mainDoc: string;
    /** One sidebar per top-level folder of content/docs instead of one for all docs (large sites). */
    sidebarPerFolder: boolean;
    /** Repository folder URL for "Edit this page"; absent hides the link. */
    editUrl?: string | undefined;
  };
  /** A last sidebar category of external links (not a folder, so it has no index page). */
  sidebarLinks?: { label: string; items: LinkItem[] } | undefined;
  /** Origins ("https://player.example.com") that pages may embed with <iframe>; the CSP's frame-src. */
  embeds: string[];
  /** A link to a route no page has: fails the build ("throw", the default) or is a warning ("warn"), as Docusaurus's option. */
  onBrokenLinks: 'throw' | 'warn';
  /**
   * Markdown additions: admonition types of the site's own (each styled like "note"), and code
   * language names mapped to a language highlight.js knows (a fence name → its language).
   */
  markdown: {
    admonitions: string[];
    languages: Record<string, string>;
    /** A Docusaurus config's `markdown.format` ("md" or "detect"): how a page without front matter `format` is read (lib/transform/types.ts). */
    format?: MarkdownFormat | undefined;
  };
}

function readHref(reader: FieldReader): string {
  const href = reader.string('href');
  if (!/^(\/|https?:\/\/|mailto:)/.test(href)) {
    reader.fail('href', `"${reader.path}.href" must start with "/", "https://" or "mailto:" (it is "${href}").`,
      'Write a site route such as /docs/changes/ or a full URL.');
  }
  return href;
}

function readLink(reader: FieldReader): LinkItem {
  reader.onlyKeys(['label', 'href']);
  return { label: reader.string('label'), href: readHref(reader) };
}

/** The repository folder URL that a doc's path (content/docs/…) is appended to; it ends with "/". */
function readEditUrl(docs: FieldReader): string | undefined {
  const url = docs.optionalString('editUrl');
  if (url === undefined) return undefined;
  if (!/^https?:\/\//.test(url)) {
    docs.fail('editUrl', `"docs.editUrl" must be an absolute URL (it is "${url}").`,
      'Use the web address of the site folder in the repository, e.g. https://git.example.com/team/docs/edit/main/.');
  }
  return url.endsWith('/') ? url : `${url}/`;
}

/** The docs path ("/docs"): every doc's route starts with it, so it may not step out of the output folder. */
function readDocsPath(version: FieldReader): string {
  const path = version.string('path');
  const checked = routeSegments(path.trim());
  if ('problem' in checked) {
    version.fail('path', `"docs.version.path" ("${path}") ${checked.problem}.`, 'Use a path of names such as /docs.');
  }
  return `/${checked.segments.map(encodeSegment).join('/')}`;
}

/** The origins pages may embed: each https, with no path, query or fragment. */
function readEmbeds(root: FieldReader): string[] {
  const embeds = root.optionalStringList('embeds') ?? [];
  return embeds.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || url.protocol !== 'https:' || `${url.origin}/` !== url.href || !/^https:\/\/[^/?#]+\/?$/.test(entry)) {
      root.fail('embeds', `"embeds" lists "${entry}", which is not an https origin.`,
        'List origins only, like https://player.example.com: https, a host (and port), no path.');
    }
    return url.origin;
  });
}

function readOnBrokenLinks(root: FieldReader): SiteConfig['onBrokenLinks'] {
  const value = root.optionalString('onBrokenLinks') ?? 'throw';
  if (value !== 'throw' && value !== 'warn') {
    root.fail('onBrokenLinks', `"onBrokenLinks" is "${value}"; it must be "throw" or "warn".`,
      'Use "throw" (a broken link fails the build, the default) or "warn" (it is reported and the build goes on).');
  }
  return value;
}

/** site.yml "markdown.languages": each fence name (lower case) → a language highlight.js knows. */
function readLanguages(markdown: FieldReader | undefined): Record<string, string> {
  const languages = markdown?.optionalObject('languages');
  const table: Record<string, string> = {};
  for (const name of Object.keys(languages?.data ?? {})) {
    const target = languages?.string(name).trim().toLowerCase() ?? '';
    if (!/^[\w#+.-]+$/.test(name)) {
      languages?.fail(name, `"markdown.languages" maps "${name}", which a code fence cannot name.`,
        'Use the name as it follows the backticks: letters, digits and "-", "_", "+", "#", ".".');
    }
    if (!languageModule(target)) {
      languages?.fail(name, `"markdown.languages" maps "${name}" to "${target}", which highlight.js does not know.`,
        'Map it to a highlight.js language name or alias, for example "javascript", "bash" or "json".');
    }
    table[name.toLowerCase()] = target;
  }
  return table;
}

/** site.yml "markdown": the admonition types the site adds to the built-in ones, and code language aliases. */
function readMarkdown(root: FieldReader): SiteConfig['markdown'] {
  const markdown = root.optionalObject('markdown');
  markdown?.onlyKeys(['admonitions', 'languages']);
  const admonitions = markdown?.optionalStringList('admonitions') ?? [];
  for (const name of admonitions) {
    if (!/^[A-Za-z][\w-]*$/.test(name)) {
      markdown?.fail('admonitions', `"markdown.admonitions" lists "${name}", which is not a type name.`,
        'Name each type with letters, digits, "-" or "_", starting with a letter, as it follows the colons: ":::security".');
    }
  }
  return { admonitions, languages: readLanguages(markdown) };
}

/** The published address of a route or file of the site ("/docs/changes/" → "https://docs.example.com/docs/changes/"). */
export function absoluteUrl(config: Pick<SiteConfig, 'url' | 'baseUrl'>, route: string): string {
  return `${config.url}${config.baseUrl}${route.slice(1)}`;
}

/** Parses YAML text, turning a syntax error into a BuildError at its line. */
export function parseYaml(source: Source): unknown {
  try {
    return load(source.text);
  } catch (error) {
    if (error instanceof YAMLException) {
      const line = error.mark ? error.mark.line + 1 + source.lineOffset : undefined;
      throw new BuildError({ file: source.file, line }, `Invalid YAML: ${error.reason}.`,
        'Fix the YAML syntax at this line (indentation, a missing colon, or an unquoted ":" in a value).');
    }
    throw error;
  }
}

export function parseSiteConfig(source: Source): SiteConfig {
  const data = parseYaml(source);
  if (!isPlainObject(data)) {
    throw new BuildError({ file: source.file, line: 1 }, 'The site configuration must be a YAML mapping.',
      'Start the file with "title: …" and the other keys described in the README.');
  }
  const root = new FieldReader(data, source);
  root.onlyKeys(['title', 'tagline', 'url', 'baseUrl', 'favicon', 'logo', 'image', 'home', 'navbar', 'footer',
    'announcement', 'analyticsId', 'docs', 'sidebarLinks', 'embeds', 'onBrokenLinks', 'markdown']);

  const baseUrl = root.optionalString('baseUrl') ?? '/';
  if (!baseUrl.startsWith('/') || !baseUrl.endsWith('/')) {
    root.fail('baseUrl', `"baseUrl" must start and end with "/" (it is "${baseUrl}").`, 'Use "/" or a path like "/docs-site/".');
  }
  const url = root.string('url').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) root.fail('url', `"url" must be an absolute URL (it is "${url}").`, 'Use the origin the site is published at, e.g. https://docs.example.com.');

  const logo = root.optionalObject('logo');
  const image = root.optionalObject('image');
  image?.onlyKeys(['src', 'alt']);
  const home = root.object('home');
  const navbar = root.object('navbar');
  navbar.onlyKeys(['items', 'hideOnScroll']);
  const footer = root.object('footer');
  footer.onlyKeys(['groups', 'copyright']);
  const docs = root.object('docs');
  docs.onlyKeys(['version', 'mainDoc', 'editUrl', 'sidebarPerFolder']);
  const version = docs.object('version');
  const announcement = root.optionalObject('announcement');
  const sidebarLinks = root.optionalObject('sidebarLinks');
  const announcementLink = announcement?.optionalObject('link');

  return {
    title: root.string('title'),
    tagline: root.string('tagline'),
    url,
    baseUrl,
    favicon: root.optionalString('favicon'),
    logo: logo && { src: logo.string('src'), alt: logo.string('alt') },
    image: image && { src: image.string('src'), alt: image.string('alt') },
    home: {
      title: home.string('title'),
      description: home.string('description'),
      actions: home.objectList('actions').map(readLink),
      features: home.objectList('features').map((feature) => ({
        title: feature.string('title'), description: feature.string('description'), href: readHref(feature),
      })),
    },
    navbar: { items: navbar.objectList('items').map(readLink), hideOnScroll: navbar.optionalBoolean('hideOnScroll') ?? false },
    footer: {
      groups: footer.objectList('groups').map((group) => ({ title: group.string('title'), items: group.objectList('items').map(readLink) })),
      copyright: footer.string('copyright'),
    },
    announcement: announcement && {
      id: announcement.string('id'),
      text: announcement.string('text'),
      link: announcementLink && readLink(announcementLink),
    },
    analyticsId: root.optionalString('analyticsId'),
    docs: {
      version: { name: version.string('name'), label: version.string('label'), path: readDocsPath(version) },
      mainDoc: docs.string('mainDoc'),
      sidebarPerFolder: docs.optionalBoolean('sidebarPerFolder') ?? false,
      editUrl: readEditUrl(docs),
    },
    sidebarLinks: sidebarLinks && { label: sidebarLinks.string('label'), items: sidebarLinks.objectList('items').map(readLink) },
    embeds: readEmbeds(root),
    onBrokenLinks: readOnBrokenLinks(root),
    markdown: readMarkdown(root),
  };
}

/** The configuration and its text (the link check locates site.yml's links by line in it). */
export function loadSiteConfig(file: string, displayPath: string): { config: SiteConfig; text: string } {
  if (!existsSync(file)) {
    throw new BuildError({ file: displayPath }, 'The site configuration file is missing.', 'Create it; the README lists its keys.');
  }
  const text = readSourceText(file, displayPath);
  return { config: parseSiteConfig({ file: displayPath, text, lineOffset: 0 }), text };
}
