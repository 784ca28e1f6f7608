// Load: the site's inputs: content/site.yml, the docs tree with its front matter, the API
// description, the search synonyms; or a Docusaurus site folder, read as it is
// (lib/load/docusaurus/site.ts) when it has a Docusaurus config and no content/site.yml.
import type { KeepText } from '../runtime/spill.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchSynonyms } from '../../common/search.ts';
import type { Diagnostics } from '../diagnostics.ts';
import type { ApiDescription } from '../openapi-model.ts';
import { loadSiteConfig, type SiteConfig } from './config.ts';
import { joinRoute, loadContent, routesOfFiles, type DocSource, type KnownDoc, type LoadedContent } from './content.ts';
import type { KnownTree } from './known-tree.ts';
import type { Memo } from '../runtime/memo.ts';
import type { PatchedMap } from '../runtime/patched-map.ts';
import { docusaurusConfigFile } from './docusaurus/config.ts';
import { loadDocusaurusSite, type DocusaurusParts } from './docusaurus/site.ts';
import { loadApiDescription } from './openapi.ts';
import { loadSearchSynonyms } from './search-synonyms.ts';

export interface LoadedSite {
  siteDir: string;
  config: SiteConfig;
  /** content/site.yml (or the Docusaurus config) as written, to place problems with it at their line. */
  configText: string;
  /** The configuration file, relative to the site folder, for messages. */
  configFile: string;
  /** The folder (relative to the site folder) the config's image paths are relative to: "assets" for site.yml, "" for a Docusaurus config (its paths are read as static/…). */
  configImageDir: string;
  /** Where the docs are ("/docs/") and their tag pages. */
  docsRoute: string;
  tagsRoute: string;
  content: LoadedContent;
  /** Each doc file's route, for links to markdown files (read it by key: see `routesOfFiles`). */
  routeByFile: ReadonlyMap<string, string>;
  api: ApiDescription | undefined;
  apiFile: { absPath: string; file: string };
  /** content/search-synonyms.yml: a word readers type → the words the docs use (none without the file). */
  synonyms: SearchSynonyms;
  /** A Docusaurus site folder's sidebars file and static/ (undefined for a site with content/site.yml). */
  docusaurus?: DocusaurusParts | undefined;
}

/** How the runtime reads the inputs (lib/runtime/runtime.ts). */
export interface LoadWith {
  /** Parses an input file (`npm start` reuses the last result while the file is unchanged). */
  parsed: <T>(path: string, parse: (path: string) => T) => T;
  /** Where each doc's body waits until it is read (a production build's spill file, lib/runtime/spill.ts). */
  keep?: KeepText | undefined;
  /** Each doc as the last build read it (`npm start`, ContentOptions.knownDocs). */
  knownDocs?: Memo<KnownDoc> | undefined;
  /** The last walk of the docs folder (`npm start`, ContentOptions.knownTree). */
  knownTree?: KnownTree | undefined;
  /** The last build's map of each doc file's route, patched where the docs changed (`npm start`, `routesOfFiles`). */
  routeByFile?: PatchedMap<DocSource, string, string> | undefined;
}

export function loadSite(siteDir: string, diagnostics: Diagnostics, { parsed, keep, knownDocs, knownTree, routeByFile }: LoadWith): LoadedSite {
  const docusaurusConfig = existsSync(join(siteDir, 'content/site.yml')) ? undefined : docusaurusConfigFile(siteDir);
  if (docusaurusConfig) return loadDocusaurusSite(siteDir, docusaurusConfig, diagnostics, { keep, knownDocs, knownTree, routeByFile });
  const { config, text: configText } = loadSiteConfig(join(siteDir, 'content/site.yml'), 'content/site.yml');
  const docsPath = config.docs.version.path;
  const content = loadContent({ root: siteDir, docsDir: join(siteDir, 'content/docs'), docsPath, diagnostics, keep, knownDocs, knownTree });
  const apiFile = { absPath: join(siteDir, 'content/api/openapi.yaml'), file: 'content/api/openapi.yaml' };
  return {
    siteDir, config, configText, configFile: 'content/site.yml', configImageDir: 'assets', content, apiFile,
    docsRoute: joinRoute(docsPath), tagsRoute: joinRoute(docsPath, 'tags'),
    routeByFile: routesOfFiles(content.docs, routeByFile),
    api: parsed(apiFile.absPath, (path) => loadApiDescription(path, apiFile.file)),
    synonyms: loadSearchSynonyms(siteDir),
  };
}

/**
 * Whether a route is a doc's (of `routeByFile`'s docs), for links whose last segment looks like a
 * file. The set is made on the first question: most builds (and most saves of `npm start`) ask none,
 * and a set of every route made on each save was ~25 ms at 100,000 docs.
 */
export function docRouteCheck(routeByFile: ReadonlyMap<string, string>): (route: string) => boolean {
  let routes: Set<string> | undefined;
  return (route) => (routes ??= new Set(routeByFile.values())).has(route);
}
