import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context';
import { mountResource, type ResourceHooks } from '../../../lib/resource-routes';
import type { ResourceDef } from '../../../../src/contract/resource';
import {
  MARKETING_PLAN_RESOURCES,
  PLAN_KEYS,
  marketPlanResource,
} from '../../../../src/contract/resources/marketing-plans';
import { checkDates, cityHooks, refuseDuplicate } from './plan-rules';
import { registerSmsSend } from './sms-send';
import { actualsOf } from './actuals';

/** The hooks of one declaration: one row per key, city reach where it names a city, dates in order, actuals. */
function hooksOf(def: ResourceDef): ResourceHooks {
  const key = PLAN_KEYS[def.name];
  const namesCity = 'city_id' in def.fields;
  const hooks: ResourceHooks = {
    async beforeWrite(ctx, row, _mode, existing) {
      if (namesCity) await cityHooks.checkCity(ctx, row, existing);
      if (def === marketPlanResource) checkDates(row, existing, '开始日期', '结束日期');
      if (key) await refuseDuplicate(ctx, key, row, existing);
    },
  };
  const actuals = actualsOf(def.name);
  if (namesCity) {
    // a row of a city out of reach answers as missing before anything is counted for it
    Object.assign(hooks, { extendPage: cityHooks.extendPage, beforeDelete: cityHooks.beforeDelete });
    hooks.mapRow = async (row, ctx) => {
      const seen = await cityHooks.mapRow(row, ctx);
      return actuals ? actuals(seen, ctx) : seen;
    };
  } else if (actuals) hooks.mapRow = actuals;
  return hooks;
}

/** Mounts the plans, targets, SMS and part-time declarations with their rules, and the SMS send call. */
export function registerPlans(app: Hono<AppEnv>): void {
  for (const def of MARKETING_PLAN_RESOURCES) mountResource(app, def, hooksOf(def));
  registerSmsSend(app);
}
