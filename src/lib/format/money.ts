/**
 * Money is integer fen (分) in the database and in the API (DESIGN §7): no floating point is ever
 * stored or summed. People read and type yuan; these two functions are the only place the unit
 * changes, used by the declared forms, the tables and the exports.
 */

/** Yuan as typed (a number or a decimal string) to integer fen, half away from zero; null when empty or not a number. */
export function yuanToFen(yuan: unknown): number | null {
  if (yuan === null || yuan === undefined || yuan === '') return null;
  const n = typeof yuan === 'number' ? yuan : Number(String(yuan).trim());
  if (!Number.isFinite(n)) return null;
  const sign = n < 0 ? -1 : 1;
  // scaling through the exponent string avoids the binary drift of 1.005 * 100
  return sign * Math.round(Number(`${Math.abs(n)}e2`));
}

/** Integer fen to yuan as a number with at most two decimals (what a yuan input shows). */
export function fenToYuan(fen: unknown): number | null {
  if (fen === null || fen === undefined || fen === '') return null;
  const n = typeof fen === 'number' ? fen : Number(fen);
  if (!Number.isFinite(n)) return null;
  return Math.round(n) / 100;
}

/** Integer fen as yuan text with two decimals and thousands separators: 720000 → `7,200.00`; empty → ``. */
export function formatYuan(fen: unknown): string {
  const yuan = fenToYuan(fen);
  if (yuan === null) return '';
  const fenInt = Math.round(yuan * 100);
  const abs = Math.abs(fenInt);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fenInt < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
}
