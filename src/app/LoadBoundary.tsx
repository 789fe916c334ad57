import { Component, createElement, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** A chunk that could not be fetched (offline before the service worker holds it, or a new deploy). */
export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? e.message : String(e);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(msg);
}

/** The Chinese message for an error that reached a boundary. */
export function loadFailureMessage(e: unknown): string {
  if (isChunkLoadError(e)) return '网络不可用，页面未能加载，请联网后重试';
  return e instanceof Error && e.message ? `页面出错了：${e.message}` : '页面出错了';
}

interface Props {
  /** a new value clears the error (e.g. the path: navigating away recovers) */
  resetKey: unknown;
  /** shown instead of the failed part; nothing when left out */
  Fallback?: ComponentType<{ error: unknown; retry(): void }>;
  onError?(error: unknown): void;
  children: ReactNode;
}

/**
 * Keeps a failed part (a lazily loaded screen or dialog) from taking the whole layout down: the
 * rest of the app stays usable and the part can be tried again.
 */
export class LoadBoundary extends Component<Props, { error: unknown; key: unknown }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: unknown }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError?.(error);
  }

  retry = () => this.setState({ error: null });

  override render() {
    if (this.state.error) return this.props.Fallback ? createElement(this.props.Fallback, { error: this.state.error, retry: this.retry }) : null;
    return this.props.children;
  }
}
