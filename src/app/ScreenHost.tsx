import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { ModuleNotFound } from './pages/ModuleNotFound';
import { RouteFallback } from './pages/RouteFallback';
import { SCREENS, type ScreenLoader, type ScreenRegistry } from './screens';
import { loadResourceScreen } from './resourceScreen';

export type ScreenResolution = { kind: 'screen'; loader: ScreenLoader } | { kind: 'missing'; name: string };

const RESOURCE_PREFIX = 'resource/';

/** What a menu `component` key renders: a registered screen, a declared resource list, or MODULE_NOT_FOUND. */
export function resolveScreen(key: string | null, registry: ScreenRegistry = SCREENS): ScreenResolution {
  const k = (key ?? '').trim().replace(/^\/+/, '');
  const found = registry[k];
  if (found) return { kind: 'screen', loader: found };
  if (k.startsWith(RESOURCE_PREFIX) && k.length > RESOURCE_PREFIX.length) {
    return { kind: 'screen', loader: loadResourceScreen(k.slice(RESOURCE_PREFIX.length)) };
  }
  return { kind: 'missing', name: k };
}

const lazyByKey = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyScreen(key: string, loader: ScreenLoader): LazyExoticComponent<ComponentType> {
  let c = lazyByKey.get(key);
  if (!c) {
    c = lazy(loader);
    lazyByKey.set(key, c);
  }
  return c;
}

export function ScreenHost({ componentKey }: { componentKey: string | null }) {
  const r = resolveScreen(componentKey);
  if (r.kind === 'missing') return <ModuleNotFound name={r.name} />;
  // one lazy component per key, made once and cached (lazyByKey), not per render
  const screen = lazyScreen(componentKey ?? '', r.loader);
  return <Suspense fallback={<RouteFallback />}>{createElement(screen)}</Suspense>;
}
