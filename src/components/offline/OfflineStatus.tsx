import { useState } from 'react';
import { Badge, Group, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useIsOnline } from '../../offline/cachedDataNotice';
import { useOutboxCounts } from '../../offline/useOutbox';
import { OutboxDrawer } from './OutboxDrawer';

/**
 * Top-bar status of the offline model: 离线 / N 条待同步 / N 条被拒绝. Clicking opens the outbox
 * panel. Renders nothing while online with nothing queued.
 */
export function OfflineStatus() {
  const online = useIsOnline();
  const { pending, rejected } = useOutboxCounts();
  const [open, setOpen] = useState(false);
  if (online && pending === 0 && rejected === 0 && !open) return null;
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label="离线与待同步" data-testid="offline-status">
        <Group gap={4} wrap="nowrap">
          {online ? null : (
            <Badge color="gray" variant="filled" size="sm" leftSection={<IconCloudOff size={12} />} data-testid="offline-badge">
              离线
            </Badge>
          )}
          {pending > 0 ? (
            <Badge color="orange" variant="light" size="sm" leftSection={<IconCloudUpload size={12} />} data-testid="outbox-pending">
              {pending} 条待同步
            </Badge>
          ) : null}
          {rejected > 0 ? (
            <Badge color="red" variant="light" size="sm" leftSection={<IconAlertTriangle size={12} />} data-testid="outbox-rejected">
              {rejected} 条被拒绝
            </Badge>
          ) : null}
        </Group>
      </UnstyledButton>
      <OutboxDrawer opened={open} onClose={() => setOpen(false)} />
    </>
  );
}
