import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

// Widgets render slowly when the 2-core machine is busy with other suites: wait longer before failing.
configure({ asyncUtilTimeout: 4000 });

/** Renders a widget inside the providers the app mounts (Mantine in test mode, notifications, modals, React Query). */
export function renderWidget(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } } });
  notifications.clean();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { ...render(ui, { wrapper }), client };
}

export const allowAll = (): boolean => true;
