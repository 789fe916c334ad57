import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context';
import { mountResource } from '../../../lib/resource-routes';
import { aiLogResource, pictureBookResource, referralResource } from '../../../../src/contract/resources/marketing-screens';
import { referralHooks } from './referral';
import { pictureBookHooks } from './picture-book';
import { aiLogHooks } from './ai-log';

/** 老学员添加学员, 绘本学员 and AI日志 (called by the marketing area's index); 添加学员 uses mkt_resource/add. */
export function registerScreens(app: Hono<AppEnv>): void {
  mountResource(app, referralResource, referralHooks);
  mountResource(app, pictureBookResource, pictureBookHooks);
  mountResource(app, aiLogResource, aiLogHooks);
}
