import { useState } from 'react';
import { Badge, Button, Group, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconCloudUpload, IconLogin } from '@tabler/icons-react';
import { useIsOnline } from '../../offline/cachedDataNotice';
import { useOutboxCounts, useOutboxEngineStatus } from '../../offline/useOutbox';
import { OutboxDrawer } from './OutboxDrawer';

export const SESSION_ENDED_TEXT = '登录已失效，请重新登录';

// Badges keep their text whole: squeezed beside the breadcrumb they were cut to 被…/待….
const NO_SHRINK = { flexShrink: 0 } as const;

/**
 * Top-bar status of the offline model: 离线 / N 条待同步 / N 条被拒绝, and 登录已失效 when the server
 * refused the outbox for an ended session (the queue is kept for that user's next sign-in).
 * Clicking opens the outbox panel. Renders nothing while online with nothing queued.
 */
export function OfflineStatus({ onSignInAgain }: { onSignInAgain?: () => void }) {
  const online = useIsOnline();
  const { pending, rejected } = useOutboxCounts();
  const { authBlocked } = useOutboxEngineStatus();
  const [open, setOpen] = useState(false);
  if (online && pending === 0 && rejected === 0 && !authBlocked && !open) return null;
  return (
    <>
      {authBlocked ? (
        <Group gap={4} wrap="nowrap" style={NO_SHRINK} data-testid="session-ended">
          <Badge color="red" variant="filled" size="sm" style={NO_SHRINK} leftSection={<IconAlertTriangle size={12} />}>
            {SESSION_ENDED_TEXT}
          </Badge>
          {onSignInAgain ? (
            <Button size="compact-xs" variant="light" color="red" leftSection={<IconLogin size={12} />} onClick={onSignInAgain} data-testid="sign-in-again">
              重新登录
            </Button>
          ) : null}
        </Group>
      ) : null}
      <UnstyledButton onClick={() => setOpen(true)} aria-label="离线与待同步" data-testid="offline-status" style={NO_SHRINK}>
        <Group gap={4} wrap="nowrap">
          {online ? null : (
            <Badge color="gray" variant="filled" size="sm" style={NO_SHRINK} leftSection={<IconCloudOff size={12} />} data-testid="offline-badge">
              离线
            </Badge>
          )}
          {pending > 0 ? (
            <Badge color="orange" variant="light" size="sm" style={NO_SHRINK} leftSection={<IconCloudUpload size={12} />} data-testid="outbox-pending">
              {pending} 条待同步
            </Badge>
          ) : null}
          {rejected > 0 ? (
            <Badge color="red" variant="light" size="sm" style={NO_SHRINK} leftSection={<IconAlertTriangle size={12} />} data-testid="outbox-rejected">
              {rejected} 条被拒绝
            </Badge>
          ) : null}
        </Group>
      </UnstyledButton>
      <OutboxDrawer opened={open} onClose={() => setOpen(false)} onSignInAgain={onSignInAgain} total={pending + rejected} />
    </>
  );
}
