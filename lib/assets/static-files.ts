// A Docusaurus site's static/ folder, published at the site root ("static/img/a.png" is
// "/img/a.png"), so that links and images into it (checked like every link) reach their file. The
// folder comes with the content, so each file passes the rules of images (lib/assets/
// asset-files.ts: inside the site folder after symbolic links, a regular file, the size limit) and
// only types that cannot run script on the site's origin are published: images and media (by their
// signature too), documents, data and fonts. HTML, scripts, stylesheets and XML are not: each is a
// warning naming the file, and the build goes on without it.
import { readdirSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { BuildError, type Diagnostics } from '../diagnostics.ts';
import { encodeSegment } from '../load/route-path.ts';
import { readSiteFile, readSiteImage } from './asset-files.ts';
import { AssetRejected } from './asset-rejected.ts';
import { IMAGE_EXTENSIONS } from './image-check.ts';

/** Types published as they are besides images and media: they are downloaded or read, never run. */
const FILE_EXTENSIONS = new Set(['.pdf', '.txt', '.csv', '.json', '.yaml', '.yml', '.md', '.zip', '.gz', '.tgz', '.woff', '.woff2', '.ttf', '.otf']);
/** Files without extension that hosts read (GitHub Pages' custom domain and its "no Jekyll" mark). */
const HOST_FILES = new Set(['CNAME', '.nojekyll']);

export interface StaticFile {
  /** Where it is written in the output folder ("img/a.png"). */
  path: string;
  /** What links name ("/img/a.png"). */
  route: string;
  absPath: string;
  /** Its path in the site folder, for messages ("static/img/a.png"). */
  file: string;
}

/** The files of `staticDir` (none when it is absent) that the site publishes. */
export function listStaticFiles(siteDir: string, staticDir: string, diagnostics: Diagnostics): StaticFile[] {
  const files: StaticFile[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(join(staticDir, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      const absPath = join(staticDir, path);
      const file = relative(siteDir, absPath);
      // A folder is walked only as itself: a symbolic link to one could lead anywhere, or in a loop.
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      if (entry.isSymbolicLink() && isFolderLink(absPath)) {
        throw new BuildError({ file }, 'The static file is a symbolic link to a folder, which is not published.', 'Put the folder itself in static/.');
      }
      if (!publishable(entry.name)) {
        diagnostics.warn({ file }, `This static file is not published: ${extname(entry.name) || 'a file of this kind'} files could run script or styles on the site. Only images, media, documents, data and fonts are published from static/.`);
        continue;
      }
      files.push({ path, route: `/${path.split('/').map(encodeSegment).join('/')}`, absPath, file });
    }
  };
  walk('');
  // Every file is checked now, so that a refused one stops the build before anything is written.
  for (const file of files) readStaticFile(file, siteDir);
  return files;
}

function isFolderLink(absPath: string): boolean {
  try {
    return readdirSync(absPath) !== undefined;
  } catch {
    return false;
  }
}

function publishable(name: string): boolean {
  const extension = extname(name).toLowerCase();
  return HOST_FILES.has(name) || IMAGE_EXTENSIONS.has(extension) || FILE_EXTENSIONS.has(extension);
}

/** The file's bytes, after the checks of lib/assets/asset-files.ts; a refused file is an error naming it. */
export function readStaticFile(file: StaticFile, siteDir: string): Buffer {
  try {
    const content = IMAGE_EXTENSIONS.has(extname(file.absPath).toLowerCase()) ? readSiteImage(file.absPath, siteDir)?.content : readSiteFile(file.absPath, siteDir);
    if (!content) throw new BuildError({ file: file.file }, 'The static file is a broken symbolic link.', 'Remove it, or point it at a file inside the site folder.');
    return content;
  } catch (error) {
    if (!(error instanceof AssetRejected)) throw error;
    throw new BuildError({ file: file.file }, `The static file ${error.rejection}`, error.hint);
  }
}
