/** Debian's Chromium, the only browser the tests and benches drive (never a downloaded one). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Its command line for every test and bench.
 *
 * `--disable-features=RenderDocument`: with a fresh renderer frame for each document (Chromium 150
 * enables it), the offline emulation (context.setOffline) no longer reaches the documents loaded
 * after it: a reload offline reported navigator.onLine true and the app never showed 离线, while a
 * real device offline reports false. Measured on Debian's 150.0.7871.100 with Playwright 1.65.1;
 * with the feature off, a reload, a navigation and a new tab all report false, and going back
 * online fires `online`.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-features=RenderDocument',
];
