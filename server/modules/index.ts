import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../lib/context';
import * as auth from './auth';
import * as admin from './admin';
import * as classes from './classes';
import * as systemExtras from './system-extras';
import * as guides from './guides';
import * as base from './base';
import * as logger from './logger';

export interface ServerModule {
  register(app: Hono<AppEnv>, deps: AppDeps): void;
}

/** Every module of the server, in mounting order. A new area adds one import and one entry. */
const MODULES: readonly ServerModule[] = [auth, admin, systemExtras, guides, base, classes, logger];

export function registerModules(app: Hono<AppEnv>, deps: AppDeps): void {
  for (const m of MODULES) m.register(app, deps);
}
