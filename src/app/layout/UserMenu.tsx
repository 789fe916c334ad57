import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBook2, IconClockCheck, IconLogout, IconMessageReport, IconSettings, IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../components/session';
import { InstallMenuItem } from '../../components/offline/InstallMenuItem';
import { useSignedFileAddress } from '../../components/AttachmentField';

export function UserMenu({ compact }: { compact: boolean }) {
  const { user, logout, openFeedback } = useSession();
  const navigate = useNavigate();
  const avatarSrc = useSignedFileAddress(user.avatar);
  return (
    <Menu position="bottom-end" width={160} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="用户菜单" data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar src={avatarSrc} size={28} radius="xl" color="blue">
              {user.name.slice(0, 1)}
            </Avatar>
            {compact ? null : (
              <Text size="sm" maw={120} truncate>
                {user.name}
              </Text>
            )}
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSettings size={14} />} onClick={() => navigate('/settings')}>
          个人设置
        </Menu.Item>
        <Menu.Item leftSection={<IconMessageReport size={14} />} onClick={openFeedback}>
          用户反馈
        </Menu.Item>
        <Menu.Item leftSection={<IconBook2 size={14} />} onClick={() => navigate('/system/base/guide')}>
          操作指南
        </Menu.Item>
        <Menu.Item leftSection={<IconClockCheck size={14} />} onClick={() => navigate('/wf/clockIn')}>
          考勤打卡
        </Menu.Item>
        <Menu.Item leftSection={<IconFileExport size={14} />} onClick={() => navigate('/system/export_task')}>
          我的导出
        </Menu.Item>
        <InstallMenuItem />
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={14} />} onClick={logout}>
          退出登录
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
