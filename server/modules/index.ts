import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../lib/context';
import * as auth from './auth';
import * as system from './system';
import * as attachments from './attachments';
import * as exportArea from './export';
import * as messages from './messages';
import * as base from './base';
import * as teaching from './teaching';
import * as classes from './classes';
import * as workflow from './workflow';
import * as misc from './misc';
import * as products from './products';
import * as students from './students';
import * as orders from './orders';
import * as marketing from './marketing';
import * as finance from './finance';
import * as parttime from './parttime';
import * as home from './home';
import * as reports from './reports';
import * as employeePay from './employee_pay';
import * as crm from './crm';
import * as cmp from './cmp';

export interface ServerModule {
  register(app: Hono<AppEnv>, deps: AppDeps): void;
}

/**
 * Every area of the server, in mounting order, each by its public module server/modules/<area>/index.ts
 * (named as in spec calls.tsv). A new area adds one import and one entry.
 */
const MODULES: readonly ServerModule[] = [auth, system, attachments, exportArea, messages, base, teaching, classes, products, students, orders, marketing, finance, workflow, misc, parttime, home, reports, employeePay, crm, cmp];

export function registerModules(app: Hono<AppEnv>, deps: AppDeps): void {
  for (const m of MODULES) m.register(app, deps);
}
