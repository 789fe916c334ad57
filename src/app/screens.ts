import type { ComponentType } from 'react';
import { RENAMED_SCREEN_KEYS } from '../contract/areas';

/** A lazily loaded screen: each is its own chunk. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;
export type ScreenRegistry = Record<string, ScreenLoader>;

interface FeatureScreensModule {
  default?: ScreenRegistry;
  screens?: ScreenRegistry;
}

// Every feature's screens.ts is picked up here, so adding an area needs no edit in the app shell.
// The modules only hold `() => import(...)` functions, so loading them eagerly stays small.
const featureModules = import.meta.glob<FeatureScreensModule>('../features/*/screens.ts', { eager: true });

export function mergeRegistries(modules: readonly FeatureScreensModule[]): ScreenRegistry {
  const out: ScreenRegistry = {};
  for (const m of modules) Object.assign(out, m.default ?? {}, m.screens ?? {});
  return out;
}

/** An old key of a screen that moved into its area opens the screen (a sidebar cached before the upgrade). */
export function withRenamedKeys(registry: ScreenRegistry, renamed: Readonly<Record<string, string>> = RENAMED_SCREEN_KEYS): ScreenRegistry {
  const out: ScreenRegistry = { ...registry };
  for (const [from, to] of Object.entries(renamed)) if (!out[from] && out[to]) out[from] = out[to];
  return out;
}

export const SCREENS: ScreenRegistry = withRenamedKeys(mergeRegistries(Object.values(featureModules)));
