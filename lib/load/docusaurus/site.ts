// Load, Docusaurus: a Docusaurus site folder (docusaurus.config.js/.ts, docs/, optional sidebars
// file and static/) read as this generator's site, with no import step and no edits: the config
// becomes the SiteConfig, the docs load like content/docs/, the sidebars file is read, static/ is
// listed for the site root. Nothing of the folder is run.
import { join } from 'node:path';
import { BuildError, type Diagnostics } from '../../diagnostics.ts';
import { listStaticFiles, type StaticFile } from '../../assets/static-files.ts';
import { joinRoute, loadContent, routesOfFiles } from '../content.ts';
import type { LoadedSite, LoadWith } from '../site.ts';
import { loadSearchSynonyms } from '../search-synonyms.ts';
import { readDocusaurusConfig, type SidebarLink } from './config.ts';
import { readSidebarsFile, type SidebarSpec } from './sidebars.ts';
import { applyTagsFile, readTagsFile } from './tags-file.ts';

/** What a Docusaurus folder adds to a loaded site, used by the assemble stage. */
export interface DocusaurusParts {
  /** The sidebars file's sidebars; undefined without one (the folder tree is the sidebar). */
  sidebars: SidebarSpec[] | undefined;
  /** Navbar and home links to the first page of a sidebar (lib/assemble/site.ts sets their href). */
  sidebarLinks: SidebarLink[];
  staticFiles: StaticFile[];
}

export function loadDocusaurusSite(siteDir: string, configFile: string, diagnostics: Diagnostics, { keep, knownDocs, knownTree, routeByFile }: Omit<LoadWith, 'parsed'>): LoadedSite {
  const read = readDocusaurusConfig(siteDir, configFile, diagnostics);
  const { config } = read;
  const docsPath = config.docs.version.path;
  const loaded = loadContent({ root: siteDir, docsDir: read.docsDir, docsPath, diagnostics, keep, knownDocs, knownTree });
  const content = read.tagsFile ? applyTagsFile(loaded, readTagsFile(read.tagsFile.absPath, read.tagsFile.file), read.onInlineTags, diagnostics) : loaded;
  const docsById = new Map(content.docs.map((doc) => [doc.id, doc]));
  for (const { link, docId, where } of read.docLinks) {
    const doc = docsById.get(docId);
    if (!doc) throw new BuildError(where, `The navbar names the doc id "${docId}", but no doc has it.`, 'Use a doc id: its path under the docs folder without extension and number prefixes (or its front matter id).');
    link.href = doc.route;
  }
  const sidebars = read.sidebarsFile && readSidebarsFile(read.sidebarsFile.absPath, read.sidebarsFile.file, diagnostics);
  const apiFile = { absPath: join(siteDir, 'content/api/openapi.yaml'), file: 'content/api/openapi.yaml' };
  return {
    siteDir, config, configText: read.configText, configFile, configImageDir: '', content, apiFile,
    docsRoute: joinRoute(docsPath), tagsRoute: joinRoute(docsPath, 'tags'),
    routeByFile: routesOfFiles(content.docs, routeByFile),
    api: undefined,
    synonyms: loadSearchSynonyms(siteDir),
    docusaurus: { sidebars, sidebarLinks: read.sidebarLinks, staticFiles: listStaticFiles(siteDir, read.staticDir, diagnostics) },
  };
}
