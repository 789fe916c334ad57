import { timeRangeInputSchema, type TimeRangeInput } from '../../../contract/classes';

/** A weekly pattern row as edited (strings until submitted). */
export interface PatternRow {
  key: number;
  week_day: string;
  start_time: string;
  end_time: string;
}

let seq = 0;
export function newRow(r: Partial<Omit<PatternRow, 'key'>> = {}): PatternRow {
  seq += 1;
  return { key: seq, week_day: r.week_day ?? '', start_time: r.start_time ?? '', end_time: r.end_time ?? '' };
}

/** The rows as the call's slots, or the first problem in Chinese (row numbers from 1). */
export function slotsOf(rows: readonly PatternRow[]): { slots: TimeRangeInput[] } | { error: string } {
  if (rows.length === 0) return { error: '请至少添加一个上课时间段' };
  const slots: TimeRangeInput[] = [];
  for (const [i, r] of rows.entries()) {
    if (!r.week_day) return { error: `第${i + 1}行：请选择星期` };
    if (!r.start_time) return { error: `第${i + 1}行：请输入开始时间` };
    if (!r.end_time) return { error: `第${i + 1}行：请输入结束时间` };
    const p = timeRangeInputSchema.safeParse({ week_day: r.week_day, start_time: r.start_time.slice(0, 5), end_time: r.end_time.slice(0, 5) });
    if (!p.success) return { error: `第${i + 1}行：${p.error.issues[0]?.message ?? '时间段不正确'}` };
    slots.push(p.data);
  }
  const seen = new Set<string>();
  for (const [i, s] of slots.entries()) {
    const k = `${s.week_day}|${s.start_time}`;
    if (seen.has(k)) return { error: `第${i + 1}行：与前面的时间段重复` };
    seen.add(k);
  }
  return { slots };
}
