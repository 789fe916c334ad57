import { z } from './zod';

/**
 * Field schemas the special calls share: a form's id, date and text fields with the Chinese
 * messages that name the field. One copy, so a call's validation reads the same in every area.
 */

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` that names a real day (no 02-30). */
export function realDate(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** A required id (a select's value, form text or number). */
export const idField = (label: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', `请选择${label}`)
    .pipe(z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`));

/** An id that may be left empty ('' and null count as not given). */
export const optionalIdField = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), idField(label).optional());

/** A required date `YYYY-MM-DD`. */
export const dateField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`)
    .refine(realDate, `${label}不是有效日期`);

/** A required text, trimmed, at most `max` characters. */
export const textField = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`);

/** An optional text, trimmed, at most `max` characters. */
export const optionalTextField = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过${max}个字符`).optional();
