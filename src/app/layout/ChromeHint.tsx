import { useState } from 'react';
import { Alert } from '@mantine/core';

export const CHROME_HINT = '为了获得更好的使用体验，建议使用Chrome浏览器。';
const DISMISS_KEY = 'campus-desk.chrome_hint_closed';

/** Chrome and Chromium, not the browsers that borrow its user-agent token. */
export function isChrome(ua: string): boolean {
  return /Chrome\/|Chromium\//.test(ua) && !/Edg\/|EdgA\/|OPR\/|SamsungBrowser|UCBrowser|QQBrowser|MetaSr|360SE|MicroMessenger/.test(ua);
}

export function ChromeHint() {
  const [closed, setClosed] = useState(() => sessionStorage.getItem(DISMISS_KEY) === '1');
  if (closed || isChrome(navigator.userAgent)) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      py={6}
      withCloseButton
      closeButtonLabel="关闭提示"
      onClose={() => {
        sessionStorage.setItem(DISMISS_KEY, '1');
        setClosed(true);
      }}
    >
      {CHROME_HINT}
    </Alert>
  );
}
