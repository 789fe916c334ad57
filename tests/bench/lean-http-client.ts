import net from 'node:net';

/**
 * A keep-alive HTTP/1.1 load client with as little work per request as possible: the request
 * bytes are built once, the answer is parsed only as far as its status line, Content-Length and
 * first body bytes. The bench's client shares the machine's two cores with the server, so Node's
 * http client (about 220 µs of CPU per request here) would take a third of the machine; this one
 * takes a fraction of that, as wrk or autocannon would. One request at a time per connection (no
 * pipelining): a connection's latency is the server's answer time as a browser would see it.
 */

export interface LeanAnswer {
  status: number;
  /** the first bytes of the body (up to 64) */
  head: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export class LeanConnection {
  private readonly socket: net.Socket;
  private buf: Buffer = Buffer.alloc(0);
  private pending: { resolve(a: LeanAnswer): void; reject(e: Error): void } | undefined;
  private readonly ready: Promise<void>;

  constructor(port: number, host = '127.0.0.1') {
    this.socket = net.connect({ port, host, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('连接已关闭')));
  }

  private fail(err: Error): void {
    const p = this.pending;
    this.pending = undefined;
    p?.reject(err);
  }

  private onData(chunk: Buffer): void {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const end = this.buf.indexOf(HEADER_END);
    if (end < 0 || !this.pending) return;
    const head = this.buf.toString('latin1', 0, end);
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!m) {
      this.fail(new Error(`回答没有 Content-Length: ${head.slice(0, 200)}`));
      return;
    }
    const bodyStart = end + HEADER_END.length;
    const total = bodyStart + Number(m[1]);
    if (this.buf.length < total) return;
    const answer: LeanAnswer = { status: Number(head.slice(9, 12)), head: this.buf.toString('utf8', bodyStart, Math.min(total, bodyStart + 64)) };
    this.buf = this.buf.length === total ? Buffer.alloc(0) : this.buf.subarray(total);
    const p = this.pending;
    this.pending = undefined;
    p.resolve(answer);
  }

  async send(request: Buffer): Promise<LeanAnswer> {
    await this.ready;
    if (this.pending) throw new Error('上一请求尚未回答');
    return new Promise<LeanAnswer>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** The bytes of one POST with a form body and the given headers. */
export function formPost(path: string, headers: Readonly<Record<string, string>>, body: string): Buffer {
  const payload = Buffer.from(body);
  const lines = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive', 'Content-Type: application/x-www-form-urlencoded', `Content-Length: ${payload.length}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}
