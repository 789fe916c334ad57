import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { mountResource } from '../../lib/resource-routes';
import { orderExcusedResource } from '../../../src/contract/resources/orders-extras';
import { onStudent } from './on-student';
import { registerGifts } from './gifts';
import { registerFeeCheck } from './fee-check';
import './schema';

/**
 * The orders area (spec: orders). Lists around the order: refund reasons, coupon configuration and
 * 淘宝 orders are plain declarations mounted by createApp; excused lessons and gifts hang on a
 * student; the price check reads the products area's public module.
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, orderExcusedResource, onStudent);
  registerGifts(app);
  registerFeeCheck(app);
}

// ---------------------------------------------------------------------------------------------
// Public module: what other areas (finance, classes) may call.
// ---------------------------------------------------------------------------------------------

export { giftsToReturn } from './gifts';
