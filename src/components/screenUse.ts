import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client';
import { SHORTCUT_OPEN_PATH } from '../contract/home-paths';

/** Query key of the user's shortcuts (常用功能 on the home page). */
export const SHORTCUTS_KEY = ['home', 'shortcuts'] as const;

/**
 * Counts the opening of a screen's tab for 常用功能 (server-side per user, so it follows the user
 * to every device). Silent: a lost count is not worth a message; the home page itself is not counted.
 */
export function useScreenUse(path: string, title: string | null): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!title || path === '/' || path === '/home') return;
    // by path, as callApi(shortcutOpenCall) sends it: the home contract would bring zod into the shell
    api.post<{ recorded: boolean }>(SHORTCUT_OPEN_PATH, { path }, { silent: true })
      .then((r) => {
        if (r.recorded) void qc.invalidateQueries({ queryKey: SHORTCUTS_KEY });
      })
      .catch(() => undefined);
  }, [path, title, qc]);
}
