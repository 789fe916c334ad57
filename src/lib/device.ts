/**
 * A short description of the device a write was made on ('iPad · Safari'), kept with check-ins
 * and punches so staff can tell which tablet or phone sent a mark.
 */
export function deviceLabel(userAgent: string, max = 64): string {
  const ua = userAgent;
  const platform = /iPad/.test(ua)
    ? 'iPad'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : /Android/.test(ua)
        ? /Mobile/.test(ua)
          ? 'Android 手机'
          : 'Android 平板'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : '未知设备';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /MicroMessenger/.test(ua)
      ? '微信'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '浏览器';
  return `${platform} · ${browser}`.slice(0, max);
}

/** This browser's description. */
export function currentDevice(): string {
  return deviceLabel(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
