import { authHeaders, request, resolveUrl } from '../../api/request';
import type { Envelope } from '../../contract/envelope';
import { PATHS } from '../../contract/paths';

/**
 * Uploads one file as multipart field `file` through XMLHttpRequest (fetch has no upload progress),
 * with the session headers of the request layer. Resolves the envelope; rejects on network failure.
 */
export function uploadFile(file: File, onProgress: (percent: number) => void): Promise<Envelope<number | string | null>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', resolveUrl(PATHS.upload));
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    });
    xhr.addEventListener('load', () => {
      try {
        const env = JSON.parse(xhr.responseText) as Envelope<number | string | null>;
        resolve(env);
      } catch {
        resolve({ code: xhr.status || 500, msg: '', data: null });
      }
    });
    xhr.addEventListener('error', () => reject(new Error('上传失败')));
    xhr.addEventListener('timeout', () => reject(new Error('上传失败')));
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/** Where a file is opened or shown: the record's url, else the download call. */
export function fileAddress(att: { id: number; url?: string | null }): string {
  if (att.url) return att.url;
  return `${resolveUrl(PATHS.download)}?id=${att.id}`;
}

/**
 * A short-lived signed address of the file (a few minutes), for an <img>, <video> or <audio> and a
 * download link, which cannot send the session headers and must not carry the session token. A
 * backend without signed addresses answers otherwise: then the record's own address is used.
 * `heldBy`: the record the file is opened from (e.g. an application), whose area may let the
 * caller open files of another campus's uploader.
 */
export async function signedFileAddress(att: { id: number; url?: string | null }, heldBy?: { ref_type: string; ref_id: number }): Promise<string> {
  const env = await request<{ id: number; url: string }[]>({ url: PATHS.attachmentSign, params: { id: String(att.id), ...heldBy }, silent: true }).catch(() => undefined);
  const signed = env?.code === 200 && Array.isArray(env.data) ? env.data.find((x) => x.id === att.id)?.url : undefined;
  return signed ? resolveUrl(signed) : fileAddress(att);
}
