/**
 * Headers of a front-desk device's calls (see contract/device.ts). Kept apart from the device
 * calls, which build zod schemas, so the app's entry (offline/device.ts adds these headers to every
 * request) does not load zod before the first screen (issue 11, offline cold start).
 */
export const DEVICE_TOKEN_HEADER = 'X-Device-Token';
export const DEVICE_OPERATOR_HEADER = 'X-Device-Operator';
