import dayjs from 'dayjs';

/** Whole years from a birth date to `now` (default today); undefined when the date is missing or invalid. */
export function ageInYears(birth: string | Date | null | undefined, now: dayjs.ConfigType = undefined): number | undefined {
  if (birth === null || birth === undefined || birth === '') return undefined;
  const b = dayjs(birth);
  if (!b.isValid()) return undefined;
  const years = dayjs(now).diff(b, 'year');
  return years < 0 ? undefined : years;
}

export const AGE_GROUPS = [
  { code: 611, text: '3岁以下' },
  { code: 612, text: '3-4岁' },
  { code: 613, text: '5-6岁' },
  { code: 614, text: '7-9岁' },
  { code: 615, text: '9岁以上' },
] as const;
export type AgeGroupCode = (typeof AGE_GROUPS)[number]['code'];

/** Age group code of a numeric age: 0-2 → 611, 3-4 → 612, 5-6 → 613, 7-9 → 614, 10+ → 615. */
export function ageGroupOf(age: number | null | undefined): AgeGroupCode | undefined {
  if (age === null || age === undefined || !Number.isFinite(age) || age < 0) return undefined;
  const years = Math.floor(age);
  if (years <= 2) return 611;
  if (years <= 4) return 612;
  if (years <= 6) return 613;
  if (years <= 9) return 614;
  return 615;
}

export function ageGroupText(code: number | string | null | undefined): string {
  const n = Number(code);
  return AGE_GROUPS.find((g) => g.code === n)?.text ?? '';
}
