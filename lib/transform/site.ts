// Transform: every doc's markdown (the way the runtime runs it: lib/runtime/) and the standalone
// pages of content/pages/.
import { join } from 'node:path';
import type { AssetCollector } from '../assets/bundle.ts';
import type { Diagnostics } from '../diagnostics.ts';
import { docRouteCheck, type LoadedSite } from '../load/site.ts';
import type { DocPage, StandalonePage } from '../model.ts';
import type { Runtime } from '../runtime/runtime.ts';
import { loadStandalonePages, type PageEnvironment } from './doc.ts';

export async function transformSite(site: LoadedSite, runtime: Runtime, assets: AssetCollector, diagnostics: Diagnostics): Promise<{ docs: DocPage[]; standalone: StandalonePage[] }> {
  const { config, siteDir, routeByFile, api } = site;
  const env: PageEnvironment = {
    baseUrl: config.baseUrl, tagsRoute: site.tagsRoute, diagnostics,
    resolveDocFile: (absPath) => routeByFile.get(absPath),
    docsDir: site.content.docsDir,
    isDocRoute: docRouteCheck(routeByFile),
    addAsset: (absPath) => assets.addImage(absPath),
    api, embeds: config.embeds, markdown: config.markdown,
  };
  const docs = await runtime.transform({
    sources: site.content.docs, env, assets, siteDir, routeByFile, api, apiFile: api ? site.apiFile : undefined,
  });
  return { docs, standalone: loadStandalonePages(siteDir, join(siteDir, 'content/pages'), env) };
}
