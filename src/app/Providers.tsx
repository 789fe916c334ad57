import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme';

/**
 * The providers every page needs. React Query, notifications, confirm modals and date pickers are
 * provided by the signed-in layout (layout/MainLayout), so the sign-in page loads none of them.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
