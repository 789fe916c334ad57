import { lazy, Suspense } from 'react';
import { Box, Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { updateSession } from '../session/store';
import { useLogout } from '../session/useLogout';
import { currentBranding, copyrightLine } from '../branding';
import { withRestStyles } from './restStyles';

const ChangePasswordDialog = lazy(withRestStyles(() => import('../../features/account/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog }))));

/**
 * Before the menus: a user whose password must be changed (production first sign-in, or after an
 * administrator reset it) gets nothing else from the server, so the change comes first, with a way
 * to sign out. Once changed, the session flag clears and the layout loads the menus.
 */
export function ForcedPasswordChange() {
  const logout = useLogout();
  const qc = useQueryClient();
  const changed = () => {
    // A menu load refused before the change must not be shown again from the cache.
    qc.removeQueries({ queryKey: ['session', 'menus'] });
    updateSession({ must_change_password: false });
  };
  const branding = currentBranding();
  return (
    <Center mih="100vh" bg="linear-gradient(135deg, #1c3d5a 0%, #2d5f8b 100%)" data-testid="forced-password-change">
      <Suspense fallback={<Loader size="sm" color="white" />}>
        <ChangePasswordDialog opened forced onClose={() => undefined} onChanged={changed} onLogout={logout} />
      </Suspense>
      <Box pos="fixed" bottom={12} ta="center" c="gray.3" fz="xs">
        {copyrightLine(branding)}
      </Box>
    </Center>
  );
}
