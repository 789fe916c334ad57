export { OfflineStatus } from './OfflineStatus';
export { OutboxDrawer } from './OutboxDrawer';
export { UpdatePrompt } from './UpdatePrompt';
export { InstallMenuItem } from './InstallMenuItem';
export { CachedDataNotice } from './CachedDataNotice';
