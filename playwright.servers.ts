/**
 * The browser suite's servers: one per Playwright worker, each with its own fresh demo database
 * (scripts/e2e-server.mjs), on consecutive ports from E2E_PORT (default 8090).
 * E2E_WORKERS (default 2, the machine's cores) sets how many.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 8090);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export function e2eServerUrl(parallelIndex: number): string {
  return `http://127.0.0.1:${E2E_BASE_PORT + parallelIndex}`;
}
