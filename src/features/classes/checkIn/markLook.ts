import type { CheckInMark } from '../../../contract/check-in';
import type { SyncState } from './roster';

/** A mark's colour in Mantine's palette (its badge, a tile's accent, a segmented control). */
export const MARK_COLOR: Record<CheckInMark, string> = { present: 'green', late: 'orange', leave: 'blue', absent: 'red' };

/** An outline icon as tabler draws it: its name and its paths (24 × 24, stroked). */
export interface OutlineIcon {
  name: string;
  paths: readonly string[];
}

/**
 * The sync states' icons, the paths of @tabler/icons (MIT) clock-up, check and alert-triangle:
 * data, so the badge draws the same icon in React (MarkBadge) and in plain DOM (the quick desk,
 * before React has loaded).
 */
export const SYNC_ICON: Record<Exclude<SyncState, 'none'>, OutlineIcon> = {
  pending: { name: 'clock-up', paths: ['M20.983 12.548a9 9 0 1 0 -8.45 8.436', 'M19 22v-6', 'M22 19l-3 -3l-3 3', 'M12 7v5l2.5 2.5'] },
  synced: { name: 'check', paths: ['M5 12l5 5l10 -10'] },
  rejected: {
    name: 'alert-triangle',
    paths: ['M12 9v4', 'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0', 'M12 16h.01'],
  },
};

/** The svg element's attributes, in the order both renderers write them. */
export function iconAttributes(icon: OutlineIcon, size: number): [string, string][] {
  return [
    ['xmlns', 'http://www.w3.org/2000/svg'],
    ['width', String(size)],
    ['height', String(size)],
    ['viewBox', '0 0 24 24'],
    ['fill', 'none'],
    ['stroke', 'currentColor'],
    ['stroke-width', '2'],
    ['stroke-linecap', 'round'],
    ['stroke-linejoin', 'round'],
    ['class', `tabler-icon tabler-icon-${icon.name}`],
  ];
}

/** What a sync state's badge says after its icon. */
export function syncText(state: Exclude<SyncState, 'none'>, message: string | null): string {
  if (state === 'pending') return ' 待同步';
  if (state === 'synced') return ' 已同步';
  return ` 被拒绝：${message ?? ''}`;
}
