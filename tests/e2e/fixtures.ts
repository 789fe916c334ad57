import { test as base } from '@playwright/test';
import { e2eServerUrl } from '../../playwright.servers';

/**
 * Every browser test imports `test` from here, not from '@playwright/test': each Playwright worker
 * talks to its own server and demo database (playwright.config.ts starts one per worker), so two
 * test files running at once never see each other's writes. `parallelIndex` is the worker's slot,
 * never shared by two running workers.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from the first parameter's pattern: none here
  // oxlint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(e2eServerUrl(testInfo.parallelIndex));
  },
});

export * from '@playwright/test';
