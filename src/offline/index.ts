/** The offline model: database, outbox, sync engine, query persistence, service worker, install offer. */
export { offlineDb, createOfflineDb, OFFLINE_DB_NAME } from './db';
export type { OfflineDb, OutboxItem, OutboxState, MenuRecord, RefListRecord } from './db';
export { enqueue, enqueueAndWait, waitForOutcome, retryItem, retryAll, discardItem, listOutbox, countOutbox } from './outbox';
export type { OutboxWrite, OutboxCounts, OutboxOutcome } from './outbox';
export { OutboxSyncEngine, defaultBackoffMs } from './syncEngine';
export type { FlushResult, FlushStop, EngineStatus, SyncEngineOptions } from './syncEngine';
export { sendViaRequest, classifyFailure } from './sender';
export type { SendOutcome, OutboxSender } from './sender';
export { startOfflineSync, flushOutboxNow, currentEngine } from './start';
export { useOutbox, useOutboxCounts, useOutboxEngineStatus } from './useOutbox';
export { useLiveQuery } from './useLiveQuery';
export { saveMenus, loadMenus, saveRefList, loadRefList, withRefListFallback, clearUserRefData, refKeys } from './refData';
export { createQueryPersistOptions, clearPersistedQueries, QUERY_CACHE_KEY } from './queryPersistence';
export { useCachedDataNotice, cachedDataNotice, useIsOnline, formatCachedAt } from './cachedDataNotice';
export type { QueryFreshness } from './cachedDataNotice';
export { requestPersistentStorage } from './storage';
export { registerServiceWorker, applySwUpdate, getSwUpdateState, subscribeSwUpdate } from './serviceWorker';
export { captureInstallPrompt, canInstall, promptInstall, subscribeInstall } from './installPrompt';
