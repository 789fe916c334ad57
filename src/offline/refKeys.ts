// Without Dexie: the quick desk computes its roster's key before the offline database has loaded.

/** Keys of reference lists, so every screen reads and writes the same entry. */
export const refKeys = {
  optionSet: (code: string) => `optionset:${code}`,
  userSchools: (userId: number) => `schools:${userId}`,
  todayClasses: (userId: number, day: string) => `classes:${userId}:${day}`,
  roster: (classId: number, day: string) => `roster:${classId}:${day}`,
  /** who may switch in on a front-desk device (offline/device.ts) */
  deviceStaff: (deviceId: number) => `device-staff:${deviceId}`,
} as const;
