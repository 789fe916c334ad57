/**
 * The account whose session ended on this device (a 401, or 重新登录 after one ended offline), kept
 * for the tab: the sign-in page offers it, and only that user goes back to the screen they were on.
 */
const KEY = 'campus-desk.ended_user';

export function rememberEndedUser(loginId: string | null): void {
  try {
    if (loginId) sessionStorage.setItem(KEY, loginId);
  } catch {
    // storage refused (private mode): the next sign-in simply starts at home
  }
}

export function endedUser(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetEndedUser(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
