import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, DEMO_PASSWORD } from './helpers';
import { sniffType } from '../../server/modules/attachments/file-type';

// Issue 10 defect 3: an upload is typed by its content against an allow-list; anything else is
// only ever downloaded, never shown in the page with the type its uploader declared.

let s: TestServer;
let headers: Record<string, string>;
beforeAll(async () => {
  s = await createTestServer();
  headers = (await s.login('sales', DEMO_PASSWORD)).headers;
});
afterAll(async () => {
  await s?.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const HTML = Buffer.from('<!doctype html><script>fetch("/api/v1/sys_user/get_info")</script>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>');

async function upload(name: string, bytes: Buffer, declared: string): Promise<number> {
  const boundary = '----cdtypes';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${declared}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.app.fetch(new Request('http://localhost/api/v1/sys_attachment/upload', { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, body }));
  const env = (await res.json()) as { code: number; data: number };
  expect(env.code).toBe(200);
  return env.data;
}

async function served(id: number): Promise<Record<string, string | null>> {
  const res = await s.app.fetch(new Request(`http://localhost/api/v1/sys_attachment/download?id=${id}&inline=1`, { headers }));
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  const h = (k: string) => res.headers.get(k);
  return { type: h('content-type'), disposition: h('content-disposition')?.split(';')[0] ?? null, nosniff: h('x-content-type-options'), csp: h('content-security-policy') };
}

describe('attachments are typed by content', () => {
  it.each([
    ['page.html', HTML, 'text/html'],
    ['logo.svg', SVG, 'image/svg+xml'],
    ['app.js', Buffer.from('alert(document.cookie)'), 'text/javascript'],
    ['photo.png', HTML, 'image/png'],
  ])('%s declared %s is served as a download of no type, sandboxed', async (name, bytes, declared) => {
    const id = await upload(name, bytes, declared);
    const h = await served(id);
    expect(h).toMatchObject({ type: 'application/octet-stream', disposition: 'attachment', nosniff: 'nosniff' });
    expect(h.csp).toMatch(/^sandbox; default-src 'none'/);
    const row = await s.db.selectFrom('sys_attachment').select('mime').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.mime).toBe('application/octet-stream');
  });

  it('a real image declared as HTML is previewed as the image it is, sandboxed', async () => {
    const h = await served(await upload('头像.png', PNG, 'text/html'));
    expect(h).toMatchObject({ type: 'image/png', disposition: 'inline', nosniff: 'nosniff' });
    expect(h.csp).toContain('sandbox');
  });

  it('a PDF keeps its type but is downloaded, not shown inline', async () => {
    const h = await served(await upload('报名表.pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'application/pdf'));
    expect(h).toMatchObject({ type: 'application/pdf', disposition: 'attachment' });
  });

  it('a file stored before types were sniffed is typed again when served', async () => {
    const id = await upload('old.html', HTML, 'text/html');
    await s.db.updateTable('sys_attachment').set({ mime: 'text/html', ext: 'html' }).where('id', '=', id).execute();
    expect((await served(id)).type).toBe('application/octet-stream');
  });
});

describe('sniffType', () => {
  const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
  it.each([
    [PNG, 'png', 'image/png', true],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpg', 'image/jpeg', true],
    [Buffer.from('GIF89a....'), 'gif', 'image/gif', true],
    [Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 '), 'webp', 'image/webp', true],
    [Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '), 'wav', 'audio/wav', true],
    [Buffer.from('ID3\x04\x00\x00\x00\x00'), 'mp3', 'audio/mpeg', true],
    [Buffer.from([0xff, 0xfb, 0x90, 0x64]), 'mp3', 'audio/mpeg', true],
    [Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00'), 'mp4', 'video/mp4', true],
    [Buffer.from('\x00\x00\x00\x18ftypM4A \x00\x00\x00\x00'), 'm4a', 'audio/mp4', true],
    [Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'webm', 'video/webm', true],
    [Buffer.from('OggS\x00\x02'), 'ogg', 'audio/ogg', true],
    [zip, 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', false],
    [zip, 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    [zip, 'zip', 'application/zip', false],
    [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'xls', 'application/vnd.ms-excel', false],
    [Buffer.from('Rar!\x1a\x07\x00'), 'rar', 'application/vnd.rar', false],
    [Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), '7z', 'application/x-7z-compressed', false],
    [SVG, 'svg', 'application/octet-stream', false],
    [Buffer.from('<?xml version="1.0"?><svg/>'), 'svg', 'application/octet-stream', false],
    [Buffer.from('BMxx'), 'txt', 'application/octet-stream', false],
    [Buffer.alloc(0), 'png', 'application/octet-stream', false],
  ])('%#: .%s → %s', (bytes, ext, mime, preview) => {
    expect(sniffType(bytes, ext)).toEqual({ mime, preview });
  });
});
