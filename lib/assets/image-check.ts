// What a file named as an image must be: one of the types below by its extension AND by its first
// bytes (the format's signature), so a script or an HTML page renamed ".png" is never published
// on the site's origin. The intrinsic size (which the page reserves, so nothing shifts as images
// load) is read only after the signature matched: a text file named ".png" gets no made-up size.
import { AssetRejected } from './asset-rejected.ts';
import { checkSvg } from './svg-check.ts';

type Signature = (bytes: Uint8Array) => boolean;

const ascii = (bytes: Uint8Array, at: number, text: string): boolean =>
  bytes.length >= at + text.length && [...text].every((char, index) => bytes[at + index] === char.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);

const PNG: Signature = (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && ascii(b, 12, 'IHDR') && b.length >= 24;
const JPEG: Signature = (b) => startsWith(b, [0xff, 0xd8, 0xff]);
const GIF: Signature = (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a');
const WEBP: Signature = (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP');
const ICO: Signature = (b) => startsWith(b, [0x00, 0x00, 0x01, 0x00]);
/** An ISO media file ("ftyp" box first) whose major or compatible brands include one of `brands`. */
const isoMedia = (brands: string[] | undefined): Signature => (b) => {
  if (!ascii(b, 4, 'ftyp') || b.length < 12) return false;
  if (!brands) return true;
  const boxEnd = Math.min(b.length, ((b[0] ?? 0) << 24 | (b[1] ?? 0) << 16 | (b[2] ?? 0) << 8 | (b[3] ?? 0)) >>> 0);
  for (let at = 8; at + 4 <= boxEnd; at += at === 8 ? 8 : 4) {
    if (brands.some((brand) => ascii(b, at, brand))) return true;
  }
  return false;
};
const WEBM: Signature = (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]);
const OGG: Signature = (b) => ascii(b, 0, 'OggS');
const MP3: Signature = (b) => ascii(b, 0, 'ID3') || (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);

interface ImageType {
  name: string;
  signature: Signature | 'svg';
}

const PNG_TYPE: ImageType = { name: 'PNG', signature: PNG };
const JPEG_TYPE: ImageType = { name: 'JPEG', signature: JPEG };
const OGG_TYPE: ImageType = { name: 'Ogg', signature: OGG };

/** By extension: the images of the docs, the favicon's ICO, and the video and audio a page may show. */
const TYPES = new Map<string, ImageType>([
  ['.png', PNG_TYPE],
  ['.jpg', JPEG_TYPE],
  ['.jpeg', JPEG_TYPE],
  ['.gif', { name: 'GIF', signature: GIF }],
  ['.webp', { name: 'WebP', signature: WEBP }],
  ['.avif', { name: 'AVIF', signature: isoMedia(['avif', 'avis']) }],
  ['.svg', { name: 'SVG', signature: 'svg' }],
  ['.ico', { name: 'ICO', signature: ICO }],
  ['.mp4', { name: 'MP4', signature: isoMedia(undefined) }],
  ['.webm', { name: 'WebM', signature: WEBM }],
  ['.mp3', { name: 'MP3', signature: MP3 }],
  ['.ogg', OGG_TYPE],
  ['.oga', OGG_TYPE],
  ['.ogv', OGG_TYPE],
]);

export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(TYPES.keys());

/**
 * Checks that `content` is what its extension says (throws AssetRejected otherwise) and returns
 * its intrinsic size when the format gives one (PNG, SVG). `shown` is the path for messages.
 */
export function checkImage(content: Uint8Array, extension: string, shown: string): { width?: number; height?: number } {
  const type = TYPES.get(extension);
  if (!type) throw new AssetRejected(shown, `has the extension "${extension}", which the site does not publish.`, `Use one of: ${[...TYPES.keys()].join(', ')}.`);
  if (type.signature === 'svg') return svgSize(checkSvg(content, shown));
  if (!type.signature(content)) {
    throw new AssetRejected(shown, `is named "${extension}" but is not a ${type.name} file (its first bytes are not a ${type.name} signature).`,
      `Export the image again as a real ${type.name} file, or give it the extension of its actual type.`);
  }
  if (type === PNG_TYPE) {
    const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  return {};
}

/** The size an SVG's root element gives: width and height in pixels, else its viewBox. */
function svgSize(root: Record<string, string>): { width?: number; height?: number } {
  const number = (value: string | undefined) => (value && /^\d+(?:\.\d+)?(?:px)?$/.test(value.trim()) ? Math.round(Number.parseFloat(value)) : undefined);
  const width = number(root.width);
  const height = number(root.height);
  if (width !== undefined && height !== undefined) return { width, height };
  const viewBox = /^[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)$/.exec(root.viewBox?.trim() ?? '');
  if (viewBox?.[1] && viewBox[2]) return { width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2])) };
  return {};
}
