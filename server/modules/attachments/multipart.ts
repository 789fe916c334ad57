import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';

/**
 * A streaming multipart/form-data reader for one file field. The body is read chunk by chunk and the
 * file's bytes go straight to disk, so a 150 MB upload never sits in memory, and the read stops the
 * moment the byte limit is passed (a chunked body has no Content-Length to check up front).
 */

export interface SavedFile {
  filename: string;
  mime: string;
  size: number;
}

export type MultipartResult = { kind: 'saved'; file: SavedFile } | { kind: 'too_large' } | { kind: 'no_file' } | { kind: 'malformed' };

export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return undefined;
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const b = (m?.[1] ?? m?.[2])?.trim();
  return b && b.length <= 70 ? b : undefined;
}

interface PartHeaders {
  name: string | undefined;
  filename: string | undefined;
  mime: string;
}

/** Content-Disposition's filename*=UTF-8''… wins over filename="…" (browsers send raw UTF-8 there). */
function parsePartHeaders(raw: string): PartHeaders {
  let name: string | undefined;
  let filename: string | undefined;
  let mime = 'application/octet-stream';
  for (const line of raw.split('\r\n')) {
    const idx = line.indexOf(':');
    if (idx < 0) continue;
    const key = line.slice(0, idx).trim().toLowerCase();
    const value = line.slice(idx + 1).trim();
    if (key === 'content-type') mime = value.split(';')[0].trim() || mime;
    if (key !== 'content-disposition') continue;
    const nameM = /(?:^|;)\s*name="((?:[^"\\]|\\.)*)"/i.exec(value);
    if (nameM) name = nameM[1];
    const starM = /filename\*=([^']*)'[^']*'([^;]+)/i.exec(value);
    const plainM = /(?:^|;)\s*filename="((?:[^"\\]|\\.)*)"/i.exec(value);
    if (starM) {
      try {
        filename = decodeURIComponent(starM[2].trim());
      } catch {
        filename = starM[2].trim();
      }
    } else if (plainM) {
      filename = plainM[1].replace(/\\(.)/g, '$1');
    }
  }
  return { name, filename, mime };
}

function baseName(filename: string): string {
  const parts = filename.split(/[\\/]/);
  return (parts[parts.length - 1] || '').trim().slice(0, 200);
}

async function writeChunk(out: WriteStream, chunk: Buffer): Promise<void> {
  if (chunk.length === 0) return;
  if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
}

async function closeStream(out: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    out.end((err?: Error | null) => (err ? reject(err) : resolve()));
  });
}

/**
 * Reads the body, saving the part named `field` to `dest`. Stops and deletes the partial file when
 * more than `limit` body bytes arrive.
 */
export async function saveMultipartFile(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  opts: { field: string; dest: string; limit: number },
): Promise<MultipartResult> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const headerEnd = Buffer.from('\r\n\r\n');
  // The first boundary has no CRLF before it; prepending one lets one delimiter match every boundary.
  let buf: Buffer = Buffer.from('\r\n');
  let total = 0;
  let state: 'preamble' | 'afterBoundary' | 'headers' | 'body' | 'done' = 'preamble';
  let part: PartHeaders | undefined;
  let out: WriteStream | undefined;
  let saved: SavedFile | undefined;
  let fileSize = 0;
  const reader = body.getReader();

  const abort = async (result: MultipartResult): Promise<MultipartResult> => {
    await reader.cancel().catch(() => undefined);
    if (out) {
      // The file is opened asynchronously: remove it only once the stream has closed, or an open still
      // in flight would create the file after the removal.
      const closing = out;
      await new Promise<void>((resolve) => {
        if (closing.closed) resolve();
        else {
          closing.once('close', () => resolve());
          closing.destroy();
        }
      });
      await rm(opts.dest, { force: true });
    }
    return result;
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) {
        total += value.length;
        if (total > opts.limit) return await abort({ kind: 'too_large' });
        buf = buf.length ? Buffer.concat([buf, Buffer.from(value.buffer, value.byteOffset, value.byteLength)]) : Buffer.from(value);
      }
      // Consume as much of the buffer as the current state allows.
      for (;;) {
        if (state === 'preamble') {
          const i = buf.indexOf(delimiter);
          if (i < 0) {
            buf = buf.subarray(Math.max(0, buf.length - delimiter.length + 1));
            break;
          }
          buf = buf.subarray(i + delimiter.length);
          state = 'afterBoundary';
        } else if (state === 'afterBoundary') {
          if (buf.length < 2) break;
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            state = 'done';
            break;
          }
          const crlf = buf.indexOf('\r\n');
          if (crlf < 0) break;
          buf = buf.subarray(crlf + 2);
          state = 'headers';
        } else if (state === 'headers') {
          const i = buf.indexOf(headerEnd);
          if (i < 0) {
            if (buf.length > 16 * 1024) return await abort({ kind: 'malformed' });
            break;
          }
          part = parsePartHeaders(buf.subarray(0, i).toString('utf8'));
          buf = buf.subarray(i + headerEnd.length);
          if (!saved && !out && part.name === opts.field && part.filename !== undefined) {
            out = createWriteStream(opts.dest, { flags: 'wx' });
            fileSize = 0;
          }
          state = 'body';
        } else if (state === 'body') {
          const i = buf.indexOf(delimiter);
          const end = i < 0 ? Math.max(0, buf.length - delimiter.length + 1) : i;
          if (out) {
            fileSize += end;
            await writeChunk(out, buf.subarray(0, end));
          }
          buf = buf.subarray(end);
          if (i < 0) break;
          buf = buf.subarray(delimiter.length);
          if (out && part) {
            await closeStream(out);
            out = undefined;
            saved = { filename: baseName(part.filename ?? ''), mime: part.mime, size: fileSize };
          }
          state = 'afterBoundary';
        } else {
          break;
        }
      }
      if (done || state === 'done') break;
    }
  } catch (err) {
    await abort({ kind: 'malformed' });
    throw err;
  }
  if (state !== 'done') return await abort({ kind: 'malformed' });
  await reader.cancel().catch(() => undefined);
  return saved ? { kind: 'saved', file: saved } : { kind: 'no_file' };
}
