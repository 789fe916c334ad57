import type { Context } from 'hono';
import type { AppConfig } from '../config';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The caller's address: the socket's remote address. X-Forwarded-For is believed only behind a
 * trusted proxy (TRUST_PROXY=1), and then only its last entry, the one that proxy appended: the
 * entries before it are whatever the client chose to send. In-process calls (tests) have no socket.
 */
export function clientAddress(c: Context, config: Pick<AppConfig, 'trustProxy'>): string {
  if (config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last.slice(0, 64);
  }
  const env = c.env as NodeBindings | undefined;
  return (env?.incoming?.socket?.remoteAddress ?? 'local').slice(0, 64);
}
