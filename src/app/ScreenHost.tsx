import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { ModuleNotFound } from './pages/ModuleNotFound';
import { ScreenNotBuilt } from './pages/ScreenNotBuilt';
import { PLANNED_SCREENS } from './plannedScreens';
import { RouteFallback } from './pages/RouteFallback';
import { SCREENS, type ScreenLoader, type ScreenRegistry } from './screens';
import { loadResourceScreen } from './resourceScreen';
import { withRestStyles } from './layout/restStyles';

export type ScreenResolution = { kind: 'screen'; loader: ScreenLoader } | { kind: 'planned'; name: string } | { kind: 'missing'; name: string };

const RESOURCE_PREFIX = 'resource/';

/** A menu's `component` key as the registry names it: no surrounding blanks, no leading slash. */
function registryKeyOf(key: string): string {
  return key.trim().replace(/^\/+/, '');
}

/** `area/name` compared by area and the name's letters and digits: `a/in_out-records` ≡ `a/In/Out records`. */
export function screenKeyOf(key: string): string {
  const k = registryKeyOf(key).toLowerCase();
  const slash = k.indexOf('/');
  if (slash < 0) return k.replace(/[^a-z0-9]/g, '');
  return `${k.slice(0, slash)}/${k.slice(slash + 1).replace(/[^a-z0-9]/g, '')}`;
}

const PLANNED = new Set(PLANNED_SCREENS.map(screenKeyOf));

/**
 * What a menu `component` key renders: a registered screen, a declared resource list, a screen the
 * spec lists but this build does not have yet ('planned'), or MODULE_NOT_FOUND.
 */
export function resolveScreen(key: string | null, registry: ScreenRegistry = SCREENS, planned: ReadonlySet<string> = PLANNED): ScreenResolution {
  const k = registryKeyOf(key ?? '');
  const found = registry[k];
  if (found) return { kind: 'screen', loader: found };
  if (k.startsWith(RESOURCE_PREFIX) && k.length > RESOURCE_PREFIX.length) {
    return { kind: 'screen', loader: loadResourceScreen(k.slice(RESOURCE_PREFIX.length)) };
  }
  if (k && planned.has(screenKeyOf(k))) return { kind: 'planned', name: k };
  return { kind: 'missing', name: k };
}

/**
 * Screens drawn with the shell's Mantine stylesheets alone (layout/layoutStyles): they open without
 * waiting for the rest of them. The front desk's check-in is the tablet's offline cold start (issue 11).
 */
const SHELL_STYLED_SCREENS: ReadonlySet<string> = new Set(['classes/front_desk_check_in']);

/** A screen's code, with the rest of Mantine's stylesheets unless the shell's are enough. */
function withStyles(key: string, loader: ScreenLoader): ScreenLoader {
  return SHELL_STYLED_SCREENS.has(registryKeyOf(key)) ? loader : withRestStyles(loader);
}

const lazyByKey = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyScreen(key: string, loader: ScreenLoader): LazyExoticComponent<ComponentType> {
  let c = lazyByKey.get(key);
  if (!c) {
    c = lazy(withStyles(key, loader));
    lazyByKey.set(key, c);
  }
  return c;
}

/** Starts fetching a screen's code before it is shown (a failure shows when it is shown). */
export function preloadScreen(key: string): void {
  const r = resolveScreen(key);
  if (r.kind === 'screen') void withStyles(key, r.loader)().catch(() => undefined);
}

/** `title`: the menu's name, shown when the screen is not built yet. */
export function ScreenHost({ componentKey, title }: { componentKey: string | null; title?: string }) {
  const r = resolveScreen(componentKey);
  if (r.kind === 'missing') return <ModuleNotFound name={r.name} />;
  if (r.kind === 'planned') return <ScreenNotBuilt title={title} />;
  // one lazy component per key, made once and cached (lazyByKey), not per render
  const screen = lazyScreen(componentKey ?? '', r.loader);
  return <Suspense fallback={<RouteFallback />}>{createElement(screen)}</Suspense>;
}
