// Reading a file that content or site.yml names as an image. Content is untrusted (pages come from
// pull requests, built in CI), so the path is confined to the site folder after symbolic links are
// followed, only a regular file of bounded size is read (a device such as /dev/zero, a pipe or a
// folder never is), and only the types the site publishes pass: the extension must be one of them
// and the bytes must carry its signature (lib/assets/image-check.ts). Otherwise the build stops with
// what was wrong; the caller adds the file and line that named the path.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { extname, relative, sep } from 'node:path';
import { AssetRejected } from './asset-rejected.ts';
import { checkImage, IMAGE_EXTENSIONS } from './image-check.ts';
import type { Memo } from '../runtime/memo.ts';

/** The largest asset file a page may publish; larger ones would bloat the site and every build. */
export const MAX_ASSET_BYTES = 20 * 1024 * 1024;

export interface CheckedFile {
  content: Buffer;
  width?: number | undefined;
  height?: number | undefined;
}

/** The real path of the site folder, looked up once per folder. */
const realSites = new Map<string, string>();
function realSite(siteDir: string): string {
  let real = realSites.get(siteDir);
  if (real === undefined) {
    real = realpathSync(siteDir);
    realSites.set(siteDir, real);
  }
  return real;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The content and intrinsic size of the image at `absPath`, undefined when nothing is there (a
 * broken symbolic link counts as nothing); throws AssetRejected for anything the site will not
 * publish. `known` (`npm start`): the checked files of earlier builds, reused while the file is the
 * same (same real path, device, inode, size, modification and change times); the path checks above
 * the read run on every call.
 */
export function readSiteImage(absPath: string, siteDir: string, known?: Memo<CheckedFile>): CheckedFile | undefined {
  const found = confinedFile(absPath, siteDir, 'image');
  if (!found) return undefined;
  const { real, stat, shown } = found;
  // The published name keeps the extension of the path as written, so that is what must be allowed.
  const extension = extname(absPath).toLowerCase();
  if (!IMAGE_EXTENSIONS.has(extension)) {
    throw new AssetRejected(shown, `has the extension "${extension || '(none)'}", which is not an image or media type the site publishes.`,
      `Use one of: ${[...IMAGE_EXTENSIONS].join(', ')}. Other files (scripts, HTML) are never published from content.`);
  }
  const read = (): CheckedFile => {
    const content = readBounded(real, shown);
    return { content, ...checkImage(content, extension, shown) };
  };
  if (!known) return read();
  return known.get(absPath, `${real}:${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`, read);
}

/**
 * The bytes of a file of a Docusaurus static/ folder, published as it is at the site root: the same
 * rules as an image (inside the site folder after symbolic links, a regular file, the size limit);
 * which types may be published is the caller's rule (lib/assets/static-files.ts).
 */
export function readSiteFile(absPath: string, siteDir: string): Buffer | undefined {
  const found = confinedFile(absPath, siteDir, 'file');
  return found && readBounded(found.real, found.shown);
}

/**
 * The real path and status of the file at `absPath`, undefined when nothing is there; throws
 * AssetRejected when it is outside the site folder, not a regular file, or too large.
 */
function confinedFile(absPath: string, siteDir: string, kind: 'image' | 'file'): { real: string; stat: Stats; shown: string } | undefined {
  let real: string;
  try {
    real = realpathSync(absPath);
  } catch {
    return undefined;
  }
  const site = realSite(siteDir);
  // Messages name the path as written, never the resolved one: it may be a file of the build machine.
  const shown = relative(siteDir, absPath);
  if (real !== site && !real.startsWith(site.endsWith(sep) ? site : `${site}${sep}`)) {
    throw new AssetRejected(shown, 'is outside the site folder (after following symbolic links).', kind === 'image'
      ? 'Keep images inside the site folder, next to the page (the path is relative to the markdown file); a symbolic link must point inside the site folder too.'
      : 'Keep the file itself in the folder; a symbolic link must point inside the site folder.');
  }
  const stat = statSync(real);
  if (stat.isDirectory()) {
    throw new AssetRejected(shown, `is a folder, not ${kind === 'image' ? 'an image file' : 'a file'}.`,
      kind === 'image' ? 'Name the image file itself, for example "./img/diagram.svg".' : 'Put the folder itself there, not a symbolic link to it.');
  }
  if (!stat.isFile()) {
    throw new AssetRejected(shown, 'is not a regular file (a device, a pipe or a socket).', kind === 'image' ? 'Name an image file (PNG, JPEG, GIF, WebP, AVIF or SVG).' : 'Remove it from the folder.');
  }
  if (stat.size > MAX_ASSET_BYTES) {
    throw new AssetRejected(shown, `is ${megabytes(stat.size)}, more than the ${megabytes(MAX_ASSET_BYTES)} a file of the site may have.`,
      kind === 'image' ? 'Compress or scale the image down (or link to a large video on its own host).' : 'Make it smaller, or publish it on its own host and link to it.');
  }
  return { real, stat, shown };
}

/**
 * The file's bytes, never more than the size limit even if it grew since it was checked. Opened
 * without blocking and checked again once open, so a file swapped for a pipe meanwhile cannot
 * hold the build.
 */
function readBounded(path: string, shown: string): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw new AssetRejected(shown, 'is not a regular file (a device, a pipe or a socket).', 'Name an image file (PNG, JPEG, GIF, WebP, AVIF or SVG).');
    }
    const content = Buffer.alloc(Math.min(stat.size, MAX_ASSET_BYTES));
    let read = 0;
    while (read < content.length) {
      const count = readSync(fd, content, read, content.length - read, read);
      if (count === 0) break;
      read += count;
    }
    return content.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}
