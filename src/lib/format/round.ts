/** Values the tables treat as "nothing": they show 0 instead of a blank. */
function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
}

function clampDecimals(decimals: number): 1 | 2 | 3 {
  if (decimals <= 1) return 1;
  if (decimals >= 3) return 3;
  return 2;
}

/**
 * Rounds half away from zero to 1-3 decimals (default 2). Empty input gives 0.
 * Scaling through the exponent string avoids the binary drift of `1.005 * 100`.
 */
export function roundNumber(value: unknown, decimals = 2): number {
  if (isEmpty(value)) return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  const d = clampDecimals(decimals);
  const sign = n < 0 ? -1 : 1;
  const scaled = Math.round(Number(`${Math.abs(n)}e${d}`));
  return sign * Number(`${scaled}e-${d}`);
}

/** The display of the rounding filter: '0' for empty, else fixed to 1-3 decimals. */
export function formatRound(value: unknown, decimals = 2): string {
  if (isEmpty(value)) return '0';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '0';
  return roundNumber(n, decimals).toFixed(clampDecimals(decimals));
}
