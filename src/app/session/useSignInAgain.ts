import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { endSessionLocally } from '../requestSetup';

/**
 * The way out of a session the server ended while the device was offline (the outbox met HTTP 401):
 * end it here too and go to sign-in (with the screen as `redirect`). Queued writes stay and are sent
 * once the same user has signed in again (never under another user's session).
 */
export function useSignInAgain(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    endSessionLocally();
    navigate(`/login?redirect=${encodeURIComponent(pathname)}`, { replace: true });
  }, [navigate, pathname]);
}
