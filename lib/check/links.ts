// Check: every internal link must reach a route (an error: a broken link fails the build, or a
// warning with site.yml `onBrokenLinks: warn`) and every #anchor an id on its page (a warning,
// naming file and line). `npm start` keeps the targets and what each page's links gave
// (KeptLinkChecks) while the routes and every page's anchors are the same, so a save checks the
// links of the docs it changed: on 100,000 pages, checking every link took 1.2-1.6 s of each save.
import type { OutputTable } from '../assemble/output-table.ts';
import { BuildError, type Diagnostics, type Location } from '../diagnostics.ts';
import type { SiteConfig } from '../load/config.ts';
import type { LinkRef } from '../transform/types.ts';
import type { DocPage, StandalonePage } from '../model.ts';
import { changedSince, KeptJoin, KeptValues } from '../runtime/same-items.ts';

export interface LinkTargets {
  /** Routes and files that exist in the output, without base URL ("/docs/changes/", "/sitemap.xml"). */
  paths: Set<string>;
  /** Ids per route, for routes whose anchors are known. */
  anchors: Map<string, Set<string>>;
  /** The file of each draft's route that this build leaves out, to say why a link to it is broken. */
  drafts: Map<string, string>;
}

/** What a link gave: a broken link (an error, or a warning with `onBrokenLinks: warn`), or an anchor its page lacks (a warning). */
type Finding = { broken: BuildError } | { missingAnchor: { where: Location; message: string } };

/** What has links: a page made from markdown, or site.yml (configLinks). */
export interface LinkSource {
  links: LinkRef[];
}

/** The findings of every list of links that has none: one list, which the check tells at a glance without reading it. */
const NO_FINDINGS: readonly Finding[] = [];

/**
 * Checks the links of each source (a page, site.yml) against the targets: returns the broken links
 * as errors, and adds the warnings to the diagnostics. With `kept`, a list's findings are the last
 * build's while the list and the targets are the same.
 */
export function checkLinks(sources: readonly LinkSource[], targets: LinkTargets, diagnostics: Diagnostics, onBrokenLinks: 'throw' | 'warn' = 'throw', kept?: KeptLinkChecks): BuildError[] {
  const errors: BuildError[] = [];
  const sameTargets = kept?.reused(targets) ?? false;
  const findingsOf = ({ links }: LinkSource): readonly Finding[] => {
    let found = sameTargets ? kept?.findings.get(links) : undefined;
    if (!found) {
      found = findings(links, targets);
      kept?.findings.set(links, found);
    }
    return found;
  };
  // A source at the index where the last build had it is found there, without reading it or a
  // look-up (KeptValues): a pass reading every doc's list cost ~10 ms of a save at 30,000 pages.
  for (const found of kept ? kept.found.of(sources, findingsOf, targets) : sources.map(findingsOf)) {
    if (found === NO_FINDINGS) continue;
    for (const finding of found) {
      if ('missingAnchor' in finding) diagnostics.warn(finding.missingAnchor.where, finding.missingAnchor.message);
      else if (onBrokenLinks === 'throw') errors.push(finding.broken);
      else diagnostics.warn({ file: finding.broken.file, line: finding.broken.line }, `${finding.broken.problem} ${finding.broken.hint}`);
    }
  }
  return errors;
}

function findings(links: LinkRef[], targets: LinkTargets): readonly Finding[] {
  const found: Finding[] = [];
  for (const link of links) {
    const draft = targets.drafts.get(link.route);
    if (!targets.paths.has(link.route) && draft !== undefined) {
      found.push({ broken: new BuildError({ file: link.file, line: link.line }, `Broken link to "${link.route}": that page (${draft}) is a draft (draft: true), which production builds leave out.`,
        'Publish the page (remove "draft: true") or remove the link until it is published; npm start shows drafts.') });
      continue;
    }
    if (!targets.paths.has(link.route)) {
      found.push({ broken: new BuildError({ file: link.file, line: link.line }, `Broken link to "${link.route}": no page has this route.`,
        'Fix the path (routes end with "/"), or link to the page only once it exists.') });
      continue;
    }
    const ids = targets.anchors.get(link.route);
    if (link.hash && ids && !ids.has(decodeHash(link.hash))) {
      found.push({ missingAnchor: { where: { file: link.file, line: link.line }, message: `Link to "${link.route}#${link.hash}": the page has no element with id "${link.hash}". Link to one of its heading ids, or give the heading that id with {#${link.hash}}.` } });
    }
  }
  return found.length > 0 ? found : NO_FINDINGS;
}

/** What the targets are made from, as the last build had it. */
interface TargetsSource {
  targets: LinkTargets;
  /** The table and pages of the last build whose targets these are, and their routes and anchors as that build had them. */
  table: OutputTable;
  pages: readonly { route: string; anchors: string[] }[];
  routes: { pages: string[]; files: string[] };
  pageRoutes: string[];
  anchors: string[][];
  drafts: { route: string; file: string }[];
}

/**
 * `npm start`: the last build's targets, and what each list of links gave against them (a doc's
 * list is the same array while its doc object is). The targets are the last build's object while
 * the table has the same routes in the same order, each page the same anchors and the drafts are
 * the same: compared in place, since making a set of every route and a map of every page's anchors
 * anew took ~0.65 s of a save on 100,000 pages.
 */
export class KeptLinkChecks {
  readonly findings = new WeakMap<LinkRef[], readonly Finding[]>();
  /** The findings of the sources in order, the last build's where the source at an index is the same object (so its list the same array) and the targets the same object. */
  readonly found = new KeptValues<LinkSource, readonly Finding[]>();
  /** The pages made from markdown, and with site.yml what has links, joined with where they changed since the last build (KeptJoin). */
  readonly pages = new KeptJoin<DocPage | StandalonePage>();
  readonly sources = new KeptJoin<LinkSource>();
  private last: TargetsSource | undefined;
  /** The targets this build took from the last one. */
  private kept: LinkTargets | undefined;

  targets(table: OutputTable, pages: { route: string; anchors: string[] }[], drafts: { route: string; file: string }[]): LinkTargets {
    const { last } = this;
    if (last && sameSource(last, table, pages, drafts)) {
      this.kept = last.targets;
      return last.targets;
    }
    const targets = linkTargets(table, pages, drafts);
    const routesOf = (entries: { route: string }[]) => entries.map((entry) => entry.route);
    this.last = { targets, table, pages, routes: { pages: routesOf(table.pages), files: routesOf(table.files) }, pageRoutes: pages.map((page) => page.route), anchors: pages.map((page) => page.anchors), drafts };
    this.kept = undefined;
    return targets;
  }

  /** Whether `targets` are the last build's, so its findings hold. */
  reused(targets: LinkTargets): boolean {
    return targets === this.kept;
  }
}

function sameSource(last: TargetsSource, table: OutputTable, pages: { route: string; anchors: string[] }[], drafts: { route: string; file: string }[]): boolean {
  if (last.pageRoutes.length !== pages.length || last.drafts.length !== drafts.length) return false;
  if (!sameRoutes(table.pages, last.table.pages, last.routes.pages) || !sameRoutes(table.files, last.table.files, last.routes.files)) return false;
  for (let index = 0; index < drafts.length; index++) if (drafts[index]?.route !== last.drafts[index]?.route || drafts[index]?.file !== last.drafts[index]?.file) return false;
  for (const index of changedSince(last.pages, pages) ?? pages.keys()) {
    const page = pages[index];
    if (page === last.pages[index]) continue;
    const before = last.anchors[index];
    if (!page || !before || page.route !== last.pageRoutes[index]) return false;
    if (page.anchors === before) continue;
    // An edited doc has a list of its own, most often with the same ids (the last set stands for both).
    const ids = anchorSet(before);
    const now = anchorSet(page.anchors);
    if (now.size !== ids.size || [...now].some((id) => !ids.has(id))) return false;
    last.anchors[index] = page.anchors;
  }
  last.table = table;
  last.pages = pages;
  return true;
}

/**
 * Whether the entries have the routes the last build's had, in order. An entry that is the last
 * build's very object has its route, unread (reading every one cost ~10 ms of a save at 30,000
 * pages, most of it waiting on memory).
 */
function sameRoutes(entries: readonly { route: string }[], last: readonly { route: string }[], routes: readonly string[]): boolean {
  if (entries.length !== routes.length) return false;
  // Where the list was joined from parts patched since the last build's, only there (lib/runtime/same-items.ts).
  for (const index of changedSince(last, entries) ?? entries.keys()) {
    const entry = entries[index];
    if (entry !== last[index] && entry?.route !== routes[index]) return false;
  }
  return true;
}

/** The id an anchor names; a malformed %-escape stays as written (and so matches no id: a warning, not a crash). */
function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** The pages made from markdown: the docs, then the standalone pages. */
export function markdownPages(docs: readonly DocPage[], standalone: readonly StandalonePage[], kept?: KeptLinkChecks): (DocPage | StandalonePage)[] {
  return kept ? kept.pages.of([docs, standalone]) : ([] as (DocPage | StandalonePage)[]).concat(docs, standalone);
}

/** Internal links of site.yml (navbar, footer, announcement), located by their line in the file. */
export function configLinks(hrefs: string[], file: string, text: string): LinkRef[] {
  return hrefs
    .filter((href) => href.startsWith('/'))
    .map((href) => {
      const [path = '/', hash] = href.split('#');
      // A Docusaurus config writes a route without its last "/" ("/docs/intro").
      let index = text.indexOf(href);
      if (index < 0 && href.endsWith('/') && href.length > 1) index = text.indexOf(`'${href.slice(0, -1)}`) + 1 || text.indexOf(`"${href.slice(0, -1)}`) + 1 || -1;
      const line = index >= 0 ? text.slice(0, index).split('\n').length : undefined;
      return { route: path, hash: hash || undefined, file, line };
    });
}

/**
 * What links may reach: every route of the output table, and the ids of each page made from
 * markdown. With `kept`, the last build's while what they are made from is the same.
 */
export function linkTargets(table: OutputTable, pages: { route: string; anchors: string[] }[], drafts: { route: string; file: string }[] = [], kept?: KeptLinkChecks): LinkTargets {
  if (kept) return kept.targets(table, pages, drafts);
  const paths = new Set<string>();
  for (const entry of table.pages) paths.add(entry.route);
  for (const entry of table.files) paths.add(entry.route);
  return {
    paths,
    anchors: new Map(pages.map((page) => [page.route, anchorSet(page.anchors)])),
    drafts: new Map(drafts.map((draft) => [draft.route, draft.file])),
  };
}

/** A page's anchors as a set, made once per list: `npm start` keeps an unchanged doc's list from build to build. */
const anchorSets = new WeakMap<string[], Set<string>>();
function anchorSet(anchors: string[]): Set<string> {
  let set = anchorSets.get(anchors);
  if (!set) anchorSets.set(anchors, (set = new Set(anchors)));
  return set;
}

/** What has the site's internal links: the pages made from markdown (the docs, the standalone pages), and site.yml. */
export function siteLinks(pages: readonly LinkSource[], config: SiteConfig, configText: string, configFile = 'content/site.yml', kept?: KeptLinkChecks): LinkSource[] {
  const parts = [pages, [{ links: configLinks(configHrefs(config), configFile, configText) }]];
  return kept ? kept.sources.of(parts) : ([] as LinkSource[]).concat(...parts);
}

function configHrefs(config: SiteConfig): string[] {
  return [
    ...config.navbar.items.map((item) => item.href),
    ...config.footer.groups.flatMap((group) => group.items.map((item) => item.href)),
    ...config.home.actions.map((item) => item.href),
    ...config.home.features.map((item) => item.href),
    ...(config.announcement?.link ? [config.announcement.link.href] : []),
  ];
}
