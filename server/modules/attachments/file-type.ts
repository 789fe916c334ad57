import { open } from 'node:fs/promises';

/**
 * The type of an uploaded file, decided from its first bytes (never from the name or the type the
 * uploader declared), against an allow-list: images, audio, video, PDF, office documents and
 * archives. Anything else (HTML, SVG, scripts, text, unknown) is `application/octet-stream` and is
 * only ever downloaded. The extension only chooses between formats sharing one container (a .docx
 * and a .zip are both zip files).
 */
export interface FileType {
  mime: string;
  /** may be shown in the page (image, audio, video preview) */
  preview: boolean;
}

export const OCTET = 'application/octet-stream';
const HEAD_BYTES = 64;

const OOXML: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};
const OLE: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' };

function startsWith(b: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (b.length < at + bytes.length) return false;
  return bytes.every((x, i) => b[at + i] === x);
}

const ascii = (s: string): number[] => [...s].map((ch) => ch.charCodeAt(0));
const has = (b: Uint8Array, s: string, at = 0): boolean => startsWith(b, ascii(s), at);

const media = (mime: string): FileType => ({ mime, preview: true });
const download = (mime: string): FileType => ({ mime, preview: false });

/** The ISO base media (mp4, mov, m4a, heic) brand at bytes 8..12. */
function isoType(b: Uint8Array, ext: string): FileType {
  const brand = String.fromCharCode(...b.subarray(8, 12));
  if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return download('image/heic');
  if (brand === 'M4A ' || brand === 'M4B ' || ext === 'm4a') return media('audio/mp4');
  if (brand === 'qt  ') return media('video/quicktime');
  if (brand.startsWith('3g')) return media('video/3gpp');
  return media('video/mp4');
}

/** The type of a file from its first bytes (HEAD_BYTES are enough) and its extension. */
export function sniffType(head: Uint8Array, ext: string): FileType {
  const b = head;
  const e = ext.toLowerCase();
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return media('image/png');
  if (startsWith(b, [0xff, 0xd8, 0xff])) return media('image/jpeg');
  if (has(b, 'GIF87a') || has(b, 'GIF89a')) return media('image/gif');
  if (has(b, 'RIFF') && has(b, 'WEBP', 8)) return media('image/webp');
  if (has(b, 'RIFF') && has(b, 'WAVE', 8)) return media('audio/wav');
  if (has(b, 'RIFF') && has(b, 'AVI ', 8)) return download('video/x-msvideo');
  if (has(b, 'BM') && e === 'bmp') return media('image/bmp');
  if (has(b, 'ftyp', 4)) return isoType(b, e);
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return e === 'mkv' ? download('video/x-matroska') : media(e === 'weba' ? 'audio/webm' : 'video/webm');
  if (has(b, 'OggS')) return media(e === 'ogv' ? 'video/ogg' : 'audio/ogg');
  if (has(b, 'fLaC')) return media('audio/flac');
  if (has(b, 'ID3')) return media('audio/mpeg');
  if (has(b, '#!AMR')) return download('audio/amr');
  if (has(b, 'FLV')) return download('video/x-flv');
  if (startsWith(b, [0x00, 0x00, 0x01, 0xba]) || startsWith(b, [0x00, 0x00, 0x01, 0xb3])) return media('video/mpeg');
  if (startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return download(e === 'wma' ? 'audio/x-ms-wma' : 'video/x-ms-wmv');
  // MPEG audio frame sync (11 set bits): mp3 without a tag, or AAC (ADTS, layer bits 00)
  if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0) return media((b[1] & 0x06) === 0 ? 'audio/aac' : 'audio/mpeg');
  if (has(b, '%PDF-')) return download('application/pdf');
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return download(OOXML[e] ?? 'application/zip');
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return download(OLE[e] ?? OCTET);
  if (has(b, 'Rar!\x1a\x07')) return download('application/vnd.rar');
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return download('application/x-7z-compressed');
  if (startsWith(b, [0x1f, 0x8b])) return download('application/gzip');
  return download(OCTET);
}

/** The type of a stored file; a file that cannot be read is of no known type. */
export async function sniffFile(file: string, ext: string): Promise<FileType> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, 'r');
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    return sniffType(buf.subarray(0, bytesRead), ext);
  } catch {
    return download(OCTET);
  } finally {
    await handle?.close();
  }
}

/**
 * Content-Security-Policy of every served file: a file opened on its own can run nothing, load
 * nothing but itself, and is put in a unique origin (no cookies, storage or same-origin calls).
 */
export const FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
