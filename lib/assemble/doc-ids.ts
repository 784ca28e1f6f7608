// Docs by id, for what names a doc by its id: a sidebars file, a category's link, a doc's
// pagination_prev/next and docs.mainDoc.
import type { DocSource } from '../load/content.ts';
import type { DocPage } from '../model.ts';

/**
 * Each doc by its id, the map made on first use (most builds never ask). The id of a doc left out
 * because an earlier doc has its route (LoadedContent.ignored) names the doc published at that
 * route: what names it is given the page its route shows, and a build that ran with a warning for
 * the shared route does not fail on the id.
 */
export class DocIds {
  private byId: Map<string, DocPage> | undefined;

  constructor(private readonly docs: DocPage[], private readonly ignored: DocSource[]) {}

  get(id: string): DocPage | undefined {
    return (this.byId ??= this.made()).get(id);
  }

  private made(): Map<string, DocPage> {
    const byId = new Map(this.docs.map((doc) => [doc.id, doc]));
    if (this.ignored.length === 0) return byId;
    const byRoute = new Map(this.docs.map((doc) => [doc.route, doc]));
    for (const doc of this.ignored) {
      const published = byRoute.get(doc.route);
      if (published && !byId.has(doc.id)) byId.set(doc.id, published);
    }
    return byId;
  }
}
