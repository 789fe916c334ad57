import { TABS_STORAGE_KEY } from './tabs';

export function clearTabsStorage(): void {
  sessionStorage.removeItem(TABS_STORAGE_KEY);
}
