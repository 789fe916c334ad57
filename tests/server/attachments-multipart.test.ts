import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryOf, saveMultipartFile } from '../../server/modules/attachments/multipart';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mp-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A body split into chunks of `size` bytes, so boundaries straddle chunk edges. */
function chunked(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  let pos = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (pos >= bytes.length) {
        ctl.close();
        return;
      }
      ctl.enqueue(new Uint8Array(bytes.subarray(pos, pos + size)));
      pos += size;
    },
  });
}

async function build(parts: { name: string; filename?: string; data: Buffer | string }[]): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename !== undefined) form.append(p.name, new Blob([typeof p.data === "string" ? p.data : new Uint8Array(p.data)]), p.filename);
    else form.append(p.name, String(p.data));
  }
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type') ?? '' };
}

describe('multipart reader', () => {
  it('saves the file part byte for byte with its Chinese name, across any chunk size', async () => {
    const data = Buffer.alloc(70000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7 + 13) % 256;
    // The delimiter text inside the file must not end it early.
    data.write('\r\n--notaboundary', 5000);
    const { body, type } = await build([
      { name: 'note', data: '说明' },
      { name: 'file', filename: '课程表 2024.xlsx', data },
    ]);
    for (const size of [1, 7, 64, 1000, 65536]) {
      const dest = join(dir, `f${size}`);
      const result = await saveMultipartFile(chunked(body, size), boundaryOf(type) as string, { field: 'file', dest, limit: 1e6 });
      expect(result).toEqual({ kind: 'saved', file: { filename: '课程表 2024.xlsx', mime: 'application/octet-stream', size: data.length } });
      expect((await readFile(dest)).equals(data)).toBe(true);
    }
  });

  it('stops at the limit and leaves no partial file', async () => {
    const { body, type } = await build([{ name: 'file', filename: 'big.bin', data: Buffer.alloc(5000, 1) }]);
    const dest = join(dir, 'big');
    const result = await saveMultipartFile(chunked(body, 512), boundaryOf(type) as string, { field: 'file', dest, limit: 3000 });
    expect(result).toEqual({ kind: 'too_large' });
    await expect(stat(dest)).rejects.toThrow();
  });

  it('reports a body without the file field, and a truncated body', async () => {
    const { body, type } = await build([{ name: 'other', data: 'x' }]);
    expect(await saveMultipartFile(chunked(body, 10), boundaryOf(type) as string, { field: 'file', dest: join(dir, 'none'), limit: 1e6 })).toEqual({ kind: 'no_file' });
    const full = await build([{ name: 'file', filename: 'a.txt', data: 'hello world' }]);
    const cut = full.body.subarray(0, full.body.length - 20);
    expect(await saveMultipartFile(chunked(cut, 10), boundaryOf(full.type) as string, { field: 'file', dest: join(dir, 'cut'), limit: 1e6 })).toEqual({ kind: 'malformed' });
    await expect(stat(join(dir, 'cut'))).rejects.toThrow();
  });
});
