import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config';

/**
 * A folder under DATA_DIR (attachments, exports). An in-memory test database has no data folder,
 * so its files go to a per-process temporary folder instead.
 */
export function dataSubdir(config: Pick<AppConfig, 'dataDir'>, name: string): string {
  const base = path.basename(config.dataDir) === ':memory:' ? path.join(tmpdir(), `campus-desk-${process.pid}`) : config.dataDir;
  const dir = path.join(base, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * `Content-Disposition` carrying a Chinese file name: an ASCII fallback in `filename` and the real
 * name in `filename*` (RFC 5987/6266), which every current browser prefers.
 */
export function contentDisposition(filename: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
