/**
 * Draws the app icons from one SVG in Debian's Chromium and writes them to public/:
 * icons/icon-192.png, icons/icon-512.png, icons/icon-maskable-512.png (content inside the 80 %
 * safe zone), favicon.ico (PNG-in-ICO, 16/32/48), logo.svg and logo.png (the default logo).
 * Run: npx tsx scripts/make-icons.ts
 */
import { chromium } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = (p: string) => join(root, 'public', p);
const BLUE = '#1c7ed6';

/** `scale` shrinks the mark for the maskable icon, whose outer 10 % may be cut off. */
function iconSvg(opts: { rounded: boolean; scale: number }): string {
  const r = opts.rounded ? 96 : 0;
  const s = opts.scale;
  const t = (512 * (1 - s)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="${r}" fill="${BLUE}"/>
  <g transform="translate(${t} ${t}) scale(${s})">
    <path d="M256 86 L448 170 L256 254 L64 170 Z" fill="#ffffff"/>
    <path d="M136 214 V300 C136 344 196 374 256 374 C316 374 376 344 376 300 V214 L256 266 Z" fill="#ffffff" opacity="0.92"/>
    <rect x="420" y="176" width="14" height="110" rx="7" fill="#ffffff"/>
    <text x="256" y="468" text-anchor="middle" font-family="Noto Sans CJK SC" font-weight="700" font-size="92" fill="#ffffff">校区</text>
  </g>
</svg>`;
}

async function render(svg: string, size: number, transparent: boolean): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const html = `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}" style="display:block"></body></html>`;
  await page.setContent(html);
  await page.waitForFunction(() => document.fonts.ready.then(() => true));
  const png = await page.screenshot({ omitBackground: transparent, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
  return png;
}

/** An ICO file whose entries are PNG images (supported by every current browser). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const dir = Buffer.alloc(16 * images.length);
  let offset = 6 + dir.length;
  images.forEach((img, i) => {
    const e = i * 16;
    dir.writeUInt8(img.size >= 256 ? 0 : img.size, e);
    dir.writeUInt8(img.size >= 256 ? 0 : img.size, e + 1);
    dir.writeUInt8(0, e + 2);
    dir.writeUInt8(0, e + 3);
    dir.writeUInt16LE(1, e + 4);
    dir.writeUInt16LE(32, e + 6);
    dir.writeUInt32LE(img.png.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += img.png.length;
  });
  return Buffer.concat([header, dir, ...images.map((i) => i.png)]);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  mkdirSync(out('icons'), { recursive: true });
  const regular = iconSvg({ rounded: true, scale: 1 });
  const maskable = iconSvg({ rounded: false, scale: 0.72 });
  writeFileSync(out('icons/icon-192.png'), await render(regular, 192, true));
  writeFileSync(out('icons/icon-512.png'), await render(regular, 512, true));
  writeFileSync(out('icons/icon-maskable-512.png'), await render(maskable, 512, false));
  const small = iconSvg({ rounded: true, scale: 1 }).replace(/<text[^>]*>[^<]*<\/text>/, '');
  writeFileSync(
    out('favicon.ico'),
    ico([
      { size: 16, png: await render(small, 16, true) },
      { size: 32, png: await render(small, 32, true) },
      { size: 48, png: await render(small, 48, true) },
    ]),
  );
  writeFileSync(out('logo.svg'), regular);
  writeFileSync(out('logo.png'), await render(regular, 256, true));
  console.log('icons written to public/');
} finally {
  await browser.close();
}
