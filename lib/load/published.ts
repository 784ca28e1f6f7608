// Load: the docs a build publishes, one a route.
import { Diagnostics, type Location, type Warning } from '../diagnostics.ts';
import { changedSince, sameItems } from '../runtime/same-items.ts';
import type { CategorySource, DocSource, LoadedContent } from './content.ts';

/** What becomes of each doc of the content, by its index. */
const PUBLISHED = 0;
/** Left out: an earlier doc has its route. */
const IGNORED = 1;
/** Left out of a production build: a draft. */
const DRAFT = 2;

/** Each doc's place (PUBLISHED, IGNORED or DRAFT), and the warnings that placing them gave. */
interface Placed {
  places: Uint8Array;
  /** How many are PUBLISHED. */
  published: number;
  warnings: Warning[];
}

/**
 * The docs a build publishes. A production build moves drafts out of `docs` (links to them are then
 * broken, and say why). A doc whose route an earlier doc has moves to `ignored`, with a warning at
 * its slug line: left out here, no part of the site (sidebar, search, llms files, twins, tags)
 * shows a doc whose page is another doc's. Routes that differ only in letter case ("Guide.md" and
 * "guide.md") are a warning: two folders of the output on Linux, but one on macOS and Windows,
 * where one page would silently replace the other. `npm start` passes the last build's places
 * (`known`), reused while the docs keep their routes.
 */
export function publishedContent(content: LoadedContent, drafts: boolean, diagnostics: Diagnostics, known?: PublishedDocs): LoadedContent {
  let placed = known?.reused(content, drafts);
  if (!placed) {
    const made = new Diagnostics();
    const places = placeDocs(content, drafts, made);
    placed = { places, published: places.reduce((count, place) => count + (place === PUBLISHED ? 1 : 0), 0), warnings: made.warnings };
    known?.made(content, drafts, placed);
  }
  for (const warning of placed.warnings) diagnostics.warn(warning, warning.message);
  // Every doc published (the most common case): the very list, whose patches since the last
  // build's the later stages read (lib/runtime/same-items.ts), not a copy made doc by doc (~10 ms
  // of a save at 100,000 docs).
  if (placed.published === content.docs.length) return content;
  const docs: DocSource[] = [];
  const ignored: DocSource[] = [];
  const draftsLeft: DocSource[] = [];
  const { places } = placed;
  content.docs.forEach((doc, index) => {
    const place = places[index];
    (place === PUBLISHED ? docs : place === IGNORED ? ignored : draftsLeft).push(doc);
  });
  return { ...content, docs, ignored: [...content.ignored, ...ignored], drafts: [...content.drafts, ...draftsLeft] };
}

/** The warning for a second source of a route (a doc here, any page in assemble's Pages): the first keeps it. */
export function duplicateRoute(route: string, first: string): string {
  return `Duplicate route "${route}": also produced by ${first}; this one is ignored. Give one of them another slug or file name.`;
}

function placeDocs(content: LoadedContent, drafts: boolean, diagnostics: Diagnostics): Uint8Array {
  const places = new Uint8Array(content.docs.length);
  const fileByRoute = new Map<string, string>();
  const byFolded = new Map<string, { route: string; file: string }>();
  /** The file that has the route already, if any; else the route is noted as `where`'s. */
  const taken = (route: string, where: Location): string | undefined => {
    const first = fileByRoute.get(route);
    if (first !== undefined) return first;
    fileByRoute.set(route, where.file);
    const folded = route.toLowerCase();
    const other = byFolded.get(folded);
    if (!other) byFolded.set(folded, { route, file: where.file });
    else {
      diagnostics.warn(where, `The route "${route}" differs from "${other.route}" (${other.file}) only in letter case: `
        + 'on a case-insensitive file system (macOS, Windows) one page would overwrite the other. Rename one of them.');
    }
    return undefined;
  };
  content.docs.forEach((doc, index) => {
    if (!drafts && doc.frontMatter.draft) {
      places[index] = DRAFT;
      return;
    }
    const where = { file: doc.file, line: doc.slugLine };
    const first = taken(doc.route, where);
    if (first === undefined) return;
    diagnostics.warn(where, duplicateRoute(doc.route, first));
    places[index] = IGNORED;
  });
  // A category's index page at a doc's route is left out by assemble, which warns of it.
  for (const category of content.categories) {
    if (category.indexRoute && category.file) taken(category.indexRoute, { file: category.file, line: category.slugLine });
  }
  return places;
}

/**
 * The last build's places of the docs (`npm start`). Two maps of every route made anew on each
 * save were ~0.15 s of a save at 100,000 docs; a save reuses the last places while the doc at each
 * index has the same route, file, slug line and draft flag (most are the same objects) and the
 * categories are the same objects: the warnings are then the same too.
 */
export class PublishedDocs {
  private last: { docs: DocSource[]; categories: CategorySource[]; drafts: boolean; placed: Placed } | undefined;

  reused(content: LoadedContent, drafts: boolean): Placed | undefined {
    const last = this.last;
    if (!last || last.drafts !== drafts || !sameItems(last.categories, content.categories) || !samePlaces(last.docs, content.docs, drafts)) return undefined;
    last.docs = content.docs;
    return last.placed;
  }

  made(content: LoadedContent, drafts: boolean, placed: Placed): void {
    this.last = { docs: content.docs, categories: content.categories, drafts, placed };
  }
}

function samePlaces(last: DocSource[], now: DocSource[], drafts: boolean): boolean {
  if (last.length !== now.length) return false;
  // Where load patched the list from the last build's, only there (lib/runtime/same-items.ts).
  for (const index of changedSince(last, now) ?? now.keys()) {
    const was = last[index] as DocSource;
    const doc = now[index] as DocSource;
    if (was === doc) continue;
    if (was.route !== doc.route || was.file !== doc.file || was.slugLine !== doc.slugLine || (!drafts && was.frontMatter.draft !== doc.frontMatter.draft)) return false;
  }
  return true;
}
