import { ActionIcon, Anchor, Badge, Box, Breadcrumbs, Group, Text } from '@mantine/core';
import { IconCloudOff, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconMenu2 } from '@tabler/icons-react';
import { useIsOnline } from '../../offline/cachedDataNotice';
import { Link } from 'react-router-dom';
import type { Crumb } from '../routes/breadcrumb';
import { UserMenu } from './UserMenu';
import { createElement, type ReactNode } from 'react';
import { useAfterFirstScreen, useIdleReady } from '../offline/useIdleReady';
import { useDeferredComponent } from '../offline/useDeferredComponent';
import { useSignInAgain } from '../session/useSignInAgain';

// The status reads the outbox from Dexie: it loads once home is up (at once when offline).
const loadOfflineStatus = () => import('../../components/offline/OfflineStatus').then((m) => m.OfflineStatus);

// The bell (its popover, message dialog and message calls) comes after the first screen.
const loadNotificationBell = () => import('./NotificationBell').then((m) => m.NotificationBell);
/** The bell's size (ActionIcon lg), kept while it loads so the user menu does not move. */
const BELL_SIZE = 34;
// a crumb is a flex item: without min-width 0 it would not shrink below its text, so no ellipsis
const MAY_SHRINK = { minWidth: 0 } as const;
const NO_SHRINK = { flexShrink: 0 } as const;

interface TopBarProps {
  crumbs: Crumb[];
  mobile: boolean;
  sidebarOpen: boolean;
  onToggle(): void;
  extra?: ReactNode;
}

export function TopBar({ crumbs, mobile, sidebarOpen, onToggle, extra }: TopBarProps) {
  // loaded once and kept in state (see useDeferredComponent), not created while rendering
  const offlineStatus = useDeferredComponent(useIdleReady(), loadOfflineStatus);
  const bell = useDeferredComponent(useAfterFirstScreen(), loadNotificationBell);
  const online = useIsOnline();
  const onSignInAgain = useSignInAgain();
  return (
    <Group h={50} px="sm" justify="space-between" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={mobile ? '打开菜单' : sidebarOpen ? '收起侧边栏' : '展开侧边栏'} data-testid="sidebar-toggle">
          {mobile ? <IconMenu2 size={20} /> : sidebarOpen ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
        </ActionIcon>
        {/*
          On a phone only the page's own title, cut with an ellipsis when it must be: beside the status
          badges and the user menu the whole trail (教务中心 / 前台签到) left the title itself cut.
        */}
        <Breadcrumbs separator="/" separatorMargin={6} style={{ minWidth: 0, flexWrap: 'nowrap', overflow: 'hidden' }} aria-label="面包屑" data-testid="breadcrumb">
          {(mobile ? crumbs.slice(-1) : crumbs).map((c, i, shown) =>
            c.path && i < shown.length - 1 ? (
              <Anchor key={`${c.title}-${i}`} component={Link} to={c.path} size="sm" style={NO_SHRINK}>
                {c.title}
              </Anchor>
            ) : (
              <Text key={`${c.title}-${i}`} size="sm" c={i === shown.length - 1 ? 'dark' : 'dimmed'} truncate title={c.title} style={MAY_SHRINK}>
                {c.title}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </Group>
      {/* the status badges and the user menu keep their width; the breadcrumb gives way on phones */}
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {extra}
        {offlineStatus ? (
          createElement(offlineStatus, { onSignInAgain })
        ) : online ? null : (
          // The network went before the status (and its outbox store) could load: say so anyway.
          <Badge color="gray" variant="filled" size="sm" leftSection={<IconCloudOff size={12} />} data-testid="offline-badge">
            离线
          </Badge>
        )}
        {bell ? createElement(bell) : <Box w={BELL_SIZE} h={BELL_SIZE} />}
        <UserMenu compact={mobile} />
      </Group>
    </Group>
  );
}
