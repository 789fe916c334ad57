/** One option of an option set as the editor holds it. */
export interface OptionRow {
  value: string;
  text: string;
}

/** The stored JSON list → editor rows (a broken value starts the editor empty). */
export function rowsOf(json: string | null | undefined): OptionRow[] {
  if (!json) return [];
  try {
    const list: unknown = JSON.parse(json);
    if (!Array.isArray(list)) return [];
    return list.flatMap((x) => (x && typeof x === 'object' ? [{ value: String((x as { value?: unknown }).value ?? ''), text: String((x as { text?: unknown }).text ?? '') }] : []));
  } catch {
    return [];
  }
}

/** Numbers stay numbers (codes like 611 are compared as numbers by the screens that read them). */
export function valueOf(rows: readonly OptionRow[]): string {
  return JSON.stringify(rows.map((r) => ({ value: /^-?\d+$/.test(r.value.trim()) ? Number(r.value.trim()) : r.value.trim(), text: r.text.trim() })));
}

/** Row errors: empty value or text, repeated values. Keyed by row index. */
export function rowErrors(rows: readonly OptionRow[]): Record<number, string> {
  const out: Record<number, string> = {};
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const v = r.value.trim();
    if (!v) out[i] = '请输入选项值';
    else if (!r.text.trim()) out[i] = '请输入显示文字';
    else if (seen.has(v)) out[i] = `选项值 ${v} 重复`;
    seen.add(v);
  });
  return out;
}
