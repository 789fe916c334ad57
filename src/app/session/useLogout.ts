import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { logout as logoutCall, thirdLogout } from '../../api/session';
import { clearPersistedQueries } from '../../offline/queryPersistence';
import { clearTabsStorage } from '../layout/tabsStorage';
import { clearSession, loadSession } from './store';
import { isThirdMode, setThirdMode } from './thirdParty';
import { forgetEndedUser } from './endedUser';

/**
 * Logout (spec doc 000 §2, §4): end the session on the server, clear the stored session, token and
 * routes, the persisted lists and the offline copy of the menu; then /login?redirect=home, or the provider's sign-out in third-party mode.
 */
export function useLogout(): () => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const third = isThirdMode();
    void (async () => {
      let providerLogout: string | null = null;
      try {
        if (third) providerLogout = await thirdLogout();
        await logoutCall();
      } catch {
        // The session ends here whatever the server answers; an expired token is already gone.
      }
      const userId = loadSession()?.id;
      clearSession();
      forgetEndedUser();
      clearTabsStorage();
      setThirdMode(false);
      qc.clear();
      clearPersistedQueries();
      // The saved menu and lists go too; the outbox stays (it holds unsent work).
      if (userId !== undefined) void import('../../offline/refData').then((m) => m.clearUserRefData(userId)).catch(() => undefined);
      if (third && providerLogout) window.location.assign(providerLogout);
      else navigate('/login?redirect=home', { replace: true });
    })();
  }, [qc, navigate]);
}
