/**
 * Masked personal data (phones, ID numbers): declared on a field as `mask: 'phone' | 'id_card'`.
 * The server answers such a column masked (138****1234) to every caller without the operation code
 * FULL_VALUE_PERM, in page, get, tree, export and the answers of writes; an update that sends the
 * masked text back unchanged keeps the stored value.
 *
 * The rule is also rendered as SQL (server/lib/mask.ts) for the page plan's database-rendered
 * rows: both must give the same text, so it is kept to what both can compute: keep `head` and
 * `tail` characters and replace each character between with `*`; a value too short to keep
 * MIN_HIDDEN characters hidden between them is all `*`.
 */
export type MaskKind = 'phone' | 'id_card';

export const MASK_RULES: Readonly<Record<MaskKind, { head: number; tail: number }>> = {
  /** 13812341234 → 138****1234; 020-12345678 → 020*****5678 */
  phone: { head: 3, tail: 4 },
  /** 110101199001011234 → 1101**********1234 */
  id_card: { head: 4, tail: 4 },
};

export const MASK_CHAR = '*';
export const MIN_HIDDEN = 4;
/** Longest run of `*` written (a masked value never exceeds the 255 characters of a short text). */
export const MAX_STARS = 255;

/**
 * The operation code that shows masked columns in full (granted with the 学员 and 用户管理
 * screens to the roles that call parents and staff; the administrator holds every code).
 */
export const FULL_VALUE_PERM = 'view_full_phone';
export const FULL_VALUE_LABEL = '查看完整手机号和证件号';

function stars(n: number): string {
  return MASK_CHAR.repeat(Math.max(0, Math.min(n, MAX_STARS)));
}

/** The masked text of a value (null and '' stay as they are). */
export function maskText(kind: MaskKind, value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const { head, tail } = MASK_RULES[kind];
  const n = value.length;
  if (n < head + tail + MIN_HIDDEN) return stars(n);
  return value.slice(0, head) + stars(n - head - tail) + value.slice(n - tail);
}

/** Whether a value sent by a client is a masked text (no stored phone or ID number holds `*`). */
export function looksMasked(value: unknown): value is string {
  return typeof value === 'string' && value.includes(MASK_CHAR);
}

/** The Chinese refusal of a masked-looking value that is not the unchanged mask of the stored one. */
export function maskedInputMessage(label: string): string {
  return `${label}不能包含*，请输入完整的${label}`;
}
