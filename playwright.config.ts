import { defineConfig, devices } from '@playwright/test';

// Browser tests drive Debian's Chromium against the built app and the real server. Each worker has
// its own server with a fresh demo database on 127.0.0.1:8090, 8091, … (scripts/e2e-server.mjs
// builds the app if needed and starts it; tests/e2e/fixtures.ts points each worker at its own).
import { E2E_BASE_PORT, E2E_WORKERS, e2eServerUrl } from './playwright.servers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: 'list',
  outputDir: '.tmp/e2e-results',
  use: {
    baseURL: e2eServerUrl(0),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'off',
    // No service worker unless a file asks for one (test.use({ serviceWorkers: 'allow' }) in the
    // offline, precache and update specs): each test's fresh context would otherwise precache the
    // whole app (~370 files) while the test runs, about a tenth of the suite's time.
    serviceWorkers: 'block',
    // as a user who asked for less motion (the app respects it): no test waits out an animation
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // started one after the other: the first builds the app when it is stale and seeds the demo
  // database, the next find it built and start from a copy of that database
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => ({
    command: `node scripts/e2e-server.mjs ${E2E_BASE_PORT + i}${i === 0 ? ' --seed' : ` --from ${E2E_BASE_PORT}`}`,
    url: `${e2eServerUrl(i)}/api/v1/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
