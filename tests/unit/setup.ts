// oxlint-disable-next-line import/no-unassigned-import -- installs IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// The `unit` project shares one module graph per worker (isolate: false, vitest.config.ts): React,
// Mantine and the test libraries load once. This file runs before every test file, and gives each
// one what an isolated file had: the app's own modules loaded afresh (their module-level state:
// request hooks, session, outbox engine…), an empty IndexedDB, empty storage and no cookies.
vi.resetModules();
const freshIndexedDb = new IDBFactory();
globalThis.indexedDB = freshIndexedDb;
Dexie.dependencies.indexedDB = freshIndexedDb;
if (typeof window !== 'undefined') {
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.innerHTML = '';
  document.head.innerHTML = '';
}

// Mantine reads these browser APIs that jsdom lacks; guarded so node-environment tests still load this file.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  }
  // Textarea autosize listens for web fonts loading
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
  afterEach(() => cleanup());
}
