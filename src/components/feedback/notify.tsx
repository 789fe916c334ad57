import { notifications } from '@mantine/notifications';
import { modals } from '@mantine/modals';
import { Text } from '@mantine/core';

/**
 * The one way widgets show results and ask for confirmation, so every screen speaks the same way.
 * Needs <Notifications /> and <ModalsProvider> mounted by the app (src/app providers).
 */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 2000 });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: 4000 });
}

export function notifyWarning(message: string): void {
  notifications.show({ color: 'orange', message, autoClose: 3000 });
}

export function notifyInfo(message: string): void {
  notifications.show({ color: 'blue', message, autoClose: 2000 });
}

/** A confirm dialog resolving true on 确定 and false on 取消 or close. */
export function confirmAction(message: string, title = '提示'): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (v: boolean) => {
      if (settled) return;
      settled = true;
      resolve(v);
    };
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: '确定', cancel: '取消' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
