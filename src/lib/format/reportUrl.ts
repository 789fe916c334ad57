/**
 * The report preview address: the configured report host + `/ureport/preview` with the non-empty
 * filter parameters appended (an empty filter would make the report filter by "").
 */
export function reportPreviewUrl(host: string, params: Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>): string {
  const base = `${host.replace(/\/+$/, '')}/ureport/preview`;
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      sp.append(key, value.join(','));
    } else sp.append(key, String(value));
  }
  const qs = sp.toString();
  return qs ? `${base}?${qs}` : base;
}

/** The configured report host (VITE_REPORT_HOST at build time; same origin when unset). */
export function reportHost(): string {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  return env?.VITE_REPORT_HOST ?? '';
}
