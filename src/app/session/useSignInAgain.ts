import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { endSessionLocally } from '../requestSetup';
import { signInPath } from './guard';

/**
 * The way out of a session the server ended while the device was offline (the outbox met HTTP 401):
 * end it here too and go to sign-in (with the screen as `redirect`). Queued writes stay and are sent
 * once the same user has signed in again (never under another user's session).
 */
export function useSignInAgain(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    endSessionLocally();
    navigate(signInPath(pathname, search), { replace: true });
  }, [navigate, pathname, search]);
}
