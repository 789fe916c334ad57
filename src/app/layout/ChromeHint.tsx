import { useState } from 'react';
import { Alert } from '@mantine/core';

export const CHROME_HINT = '为了获得更好的使用体验，建议使用Chrome浏览器。';
const DISMISS_KEY = 'campus-desk.chrome_hint_closed';

/** Chrome and Chromium, not the browsers that borrow its user-agent token. */
export function isChrome(ua: string): boolean {
  return /Chrome\/|Chromium\//.test(ua) && !/Edg\/|EdgA\/|OPR\/|SamsungBrowser|UCBrowser|QQBrowser|MetaSr|360SE|MicroMessenger/.test(ua);
}

/** Phones and tablets: their own browser is the one to use there (Chrome is not the point on iOS). */
function isMobile(ua: string, touchPoints: number): boolean {
  // iPadOS asks for desktop pages as a Mac: only the touch screen tells it apart
  return /iPhone|iPad|iPod|Android|Mobile|HarmonyOS/i.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
}

/** Any browser built on Chromium (Chrome, Edge, Opera, 360, QQ …) renders the app as Chrome does. */
function isChromiumBased(ua: string): boolean {
  return /Chrome\/|Chromium\/|CriOS\/|Edg\//.test(ua);
}

/** The hint is for desktop browsers that are not Chromium-based (Firefox, Safari on a Mac …). */
export function wantsChromeHint(ua: string, touchPoints = 0): boolean {
  return !isMobile(ua, touchPoints) && !isChromiumBased(ua);
}

export function ChromeHint() {
  const [closed, setClosed] = useState(() => sessionStorage.getItem(DISMISS_KEY) === '1');
  if (closed || !wantsChromeHint(navigator.userAgent, navigator.maxTouchPoints ?? 0)) return null;
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
