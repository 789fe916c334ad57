/** Hours are kept in hundredths (DESIGN §7): shown as hours with up to two decimals. */
export function hoursText(hundredths: number): string {
  return (hundredths / 100).toFixed(2).replace(/\.?0+$/, '');
}

/** Yuan typed into a money input → integer fen (never floating point in what is sent). */
export function yuanInputToFen(yuan: number | string | null | undefined): number {
  const n = typeof yuan === 'number' ? yuan : Number(yuan ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
}
