// Stylesheet, client script and images: bundled by esbuild, named by content hash so they can
// be cached forever, and collected as output files for the write stage.
import { basename, join } from 'node:path';
import { readSiteImage, type CheckedFile } from './asset-files.ts';
import type { Memo } from '../runtime/memo.ts';
import { AssetRejected } from './asset-rejected.ts';
import { compiledWithCache, type Compiled } from './compiled-cache.ts';
import { hashedName } from './content-hash.ts';
import { BuildError, lineOfKey } from '../diagnostics.ts';
import type { OutputFile, VersionedFile } from '../write/site-writer.ts';

export interface AssetUrls {
  css: string;
  js: string;
  /** The search module, loaded by the page script on first use. */
  searchScript: string;
  /** The search index (or its manifest). */
  searchIndex: string;
  /** The favicon ("" when the config names none). */
  favicon: string;
  /** The navbar logo ("" when the config names none). */
  logo: string;
  /** The link-preview image ("" when site.yml names none). */
  ogImage: string;
}

export interface ImageAsset {
  url: string;
  width?: number | undefined;
  height?: number | undefined;
}

/** The path of the file FILE-NAME under dist/assets/FOLDER/. */
function assetPath(folder: string, fileName: string): string {
  return `assets/${folder}/${fileName}`;
}

/** The file FILE-NAME under dist/assets/FOLDER/, whose name says what its content is, made only when it is written (AssetCollector.addStored). */
export function storedFile(folder: string, fileName: string, content: () => string): VersionedFile {
  return { path: assetPath(folder, fileName), version: fileName, content };
}

/** Collects the files under dist/assets/ for one build. */
export class AssetCollector {
  /** The files added one by one. */
  private readonly own: (OutputFile | VersionedFile)[] = [];
  private readonly paths = new Set<string>();
  /** Lists of files made for an earlier build and kept, added whole, with their paths (addMade). */
  private readonly made: { files: readonly VersionedFile[]; paths: ReadonlySet<string> }[] = [];
  private readonly byPath = new Map<string, ImageAsset>();

  /**
   * `siteDir`: the site folder, which every image must be inside. `knownImages` (`npm start`): the
   * images checked by earlier builds, reused while each file is unchanged (lib/assets/asset-files.ts).
   */
  constructor(private readonly baseUrl: string, private readonly siteDir: string, private readonly knownImages?: Memo<CheckedFile>) {}

  add(folder: string, name: string, content: string | Uint8Array): string {
    return this.addAs(folder, hashedName(name, content), content);
  }

  /** A file whose name already says what its content is (a hash in it). */
  addAs(folder: string, fileName: string, content: string | Uint8Array): string {
    return this.addFile(folder, fileName, (path) => ({ path, content }));
  }

  /**
   * A file whose name says what its content is, made only when it is written (`npm start` keeps
   * the search index's files out of memory, lib/runtime/text-store.ts): its name is its version.
   */
  addStored(folder: string, fileName: string, content: () => string): string {
    return this.addFile(folder, fileName, () => storedFile(folder, fileName, content));
  }

  /**
   * Files made for an earlier build and kept (`npm start`'s search index, lib/runtime/cached.ts),
   * each added once however often it is added, as `addStored` would add them; with `paths` (each
   * file's, each once), the list is taken whole where it can be (parts).
   */
  addMade(files: readonly VersionedFile[], paths?: ReadonlySet<string>): void {
    if (this.made.some((list) => list.files === files)) return;
    // A list whose paths are known, each once (kept with it): added whole when no file added so far
    // has one of them, found by looking this build's few other paths up among them; looking each of
    // its files up (~20,000 search files at 100,000 docs) was ~5 ms of a save.
    if (paths?.size === files.length && ![...this.paths].some((path) => paths.has(path))) {
      this.made.push({ files, paths });
      return;
    }
    for (const file of files) {
      if (this.has(file.path)) continue;
      this.paths.add(file.path);
      this.own.push(file);
    }
  }

  /** Every file added, in lists: those added one by one, then each list added whole (addMade). */
  parts(): (readonly (OutputFile | VersionedFile)[])[] {
    return [this.own, ...this.made.map((list) => list.files)];
  }

  /** Every file added, in one list. */
  get files(): readonly (OutputFile | VersionedFile)[] {
    return this.made.length === 0 ? this.own : ([] as (OutputFile | VersionedFile)[]).concat(...this.parts());
  }

  private has(path: string): boolean {
    return this.paths.has(path) || this.made.some((list) => list.paths.has(path));
  }

  /** The file at assets/FOLDER/FILE-NAME, added once however often it is added; its URL. */
  private addFile(folder: string, fileName: string, file: (path: string) => OutputFile | VersionedFile): string {
    const path = assetPath(folder, fileName);
    if (!this.has(path)) {
      this.paths.add(path);
      this.own.push(file(path));
    }
    return `${this.baseUrl}${path}`;
  }

  /**
   * A local image used by content or configuration; undefined when the file does not exist. Only
   * a file inside the site folder, of an image or media type by extension and signature, passes
   * (lib/assets/asset-files.ts); anything else throws AssetRejected, which the caller places at its line.
   */
  addImage(absPath: string): ImageAsset | undefined {
    const known = this.byPath.get(absPath);
    if (known) return known;
    const file = readSiteImage(absPath, this.siteDir, this.knownImages);
    if (!file) return undefined;
    const image = { url: this.add('images', basename(absPath), file.content), width: file.width, height: file.height };
    this.byPath.set(absPath, image);
    return image;
  }

  /** The URL of every image this build added, by its path (for markdown twins made in another thread). */
  imageUrls(): [string, string][] {
    return [...this.byPath].map(([absPath, image]) => [absPath, image.url]);
  }

  /** An image this build already added (the markdown twins link only to those, and copy nothing). */
  knownImage(absPath: string): ImageAsset | undefined {
    return this.byPath.get(absPath);
  }
}

export interface BundleOptions {
  siteDir: string;
  assets: AssetCollector;
  favicon: string | undefined;
  logo: string | undefined;
  ogImage: string | undefined;
  /** The text of content/site.yml, so that a problem with a configured image names its line. */
  configText?: string | undefined;
  /** The configuration file (content/site.yml by default) and the folder its image paths are relative to (assets/ by default). */
  configFile?: string | undefined;
  imageDir?: string | undefined;
}

/** The stylesheet, the page script and the search module, as esbuild writes them. */
export interface CompiledAssets {
  css: string;
  js: string;
  search: string;
}

/** The folders compileAssets reads: a change there needs a new bundle. */
export const COMPILED_SOURCES = ['client', 'common', 'assets/css'];

/**
 * Bundles and minifies the stylesheet and the two scripts (the generator's own code, not the
 * site's); from the disk when nothing they are made from changed since the last run.
 */
export function compileAssets(root: string): Promise<CompiledAssets> {
  return compiledWithCache(root, 'client-bundles', COMPILED_SOURCES, () => compileAnew(root));
}

async function compileAnew(root: string): Promise<Compiled<CompiledAssets>> {
  // Loaded only here: most runs take the bundles from the disk and never start esbuild.
  const { build } = await import('esbuild');
  const common = { bundle: true, minify: true, write: false, logLevel: 'silent', metafile: true, absWorkingDir: root } as const;
  const script = (entry: string, format: 'iife' | 'esm') => build({
    ...common, entryPoints: [join(root, entry)], format, target: ['es2020'],
    tsconfig: join(root, 'client/tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const [css, js, search] = await Promise.all([
    build({ ...common, entryPoints: [join(root, 'assets/css/main.css')], target: ['chrome100', 'firefox100', 'safari15'] }),
    script('client/main.ts', 'iife'),
    script('client/search/index.ts', 'esm'),
  ]);
  const inputs = [css, js, search].flatMap((result) => Object.keys(result.metafile.inputs));
  return { value: { css: css.outputFiles[0]?.text ?? '', js: js.outputFiles[0]?.text ?? '', search: search.outputFiles[0]?.text ?? '' }, inputs };
}

/** Adds the bundles and the configured images to the site's files; returns their URLs. */
export function addAssets(compiled: CompiledAssets, options: BundleOptions): Omit<AssetUrls, 'searchIndex'> & { ogImageSize: { width: number; height: number } | undefined } {
  const configFile = options.configFile ?? 'content/site.yml';
  const imageDir = options.imageDir ?? 'assets';
  const where = (key: string) => ({ file: configFile, line: options.configText === undefined ? undefined : lineOfKey(options.configText, key) });
  const image = (configPath: string, key: string) => {
    const shown = imageDir ? `${imageDir}/${configPath}` : configPath;
    let found: ImageAsset | undefined;
    try {
      found = options.assets.addImage(join(options.siteDir, imageDir, configPath));
    } catch (error) {
      if (!(error instanceof AssetRejected)) throw error;
      throw new BuildError(where(key), `The ${key} image "${shown}" ${error.rejection}`, error.hint);
    }
    if (!found) throw new BuildError(where(key), `The ${key} image "${shown}" does not exist.`, `Add the file or change "${key}" in ${configFile}.`);
    return found;
  };
  const og = options.ogImage === undefined ? undefined : image(options.ogImage, 'image');
  if (og && !(og.width && og.height)) {
    throw new BuildError(where('image'), `The link-preview image "${imageDir ? `${imageDir}/` : ''}${options.ogImage}" has no readable size.`,
      'Use a PNG (1200 × 630 pixels suits every preview) or an SVG with width and height.');
  }
  return {
    ogImage: og?.url ?? '',
    ogImageSize: og?.width && og.height ? { width: og.width, height: og.height } : undefined,
    css: options.assets.add('css', 'main.css', compiled.css),
    js: options.assets.add('js', 'main.js', compiled.js),
    searchScript: options.assets.add('js', 'search.js', compiled.search),
    favicon: options.favicon === undefined ? '' : image(options.favicon, 'favicon').url,
    logo: options.logo === undefined ? '' : image(options.logo, 'logo').url,
  };
}
