const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Bytes in 1024 steps from B to YB, three significant digits: 1536 → '1.5 KB'. */
export function formatFileSize(bytes: number | string | null | undefined): string {
  const n = typeof bytes === 'string' ? Number(bytes) : bytes;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return '0 B';
  let size = n;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  // toPrecision(3) can answer '1.00e+3' for 1000-1023; Number() turns it back into plain digits.
  return `${Number(size.toPrecision(3))} ${UNITS[unit]}`;
}
