import type { ComponentType } from 'react';

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

export const SCREENS: ScreenRegistry = mergeRegistries(Object.values(featureModules));
