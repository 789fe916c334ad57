import { useSyncExternalStore } from 'react';
import { Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { canInstall, promptInstall, subscribeInstall } from '../../offline/installPrompt';

/** '安装到桌面' in the user menu, shown only while the browser offers installation. */
export function InstallMenuItem() {
  const available = useSyncExternalStore(subscribeInstall, canInstall, () => false);
  if (!available) return null;
  return (
    <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => void promptInstall()} data-testid="install-app">
      安装到桌面
    </Menu.Item>
  );
}
