const SCHOOL_PREF = 'front-desk-school';

/** The campus this desk showed last (its owner: a user's id or a front-desk device's), if any. */
export function savedDeskSchool(ownerId: number): number | null {
  const v = Number(localStorage.getItem(`${SCHOOL_PREF}:${ownerId}`));
  return Number.isInteger(v) && v > 0 ? v : null;
}

export function saveDeskSchool(ownerId: number, schoolId: number): void {
  localStorage.setItem(`${SCHOOL_PREF}:${ownerId}`, String(schoolId));
}
