import type { Hono } from 'hono';
import { districtResource, organResource, subCompanyResource, userDetailResource } from '../../../src/contract/resources/base-org';
import type { AppDeps, AppEnv } from '../../lib/context';
import { mountResource } from '../../lib/resource-routes';
import { withLoginId } from '../../lib/resource-refs';
import '../../db/core-schema';
import * as feedback from './feedback';

/** The base area (spec calls.tsv `base`): the operator's structure and user feedback. Its public module. */
export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  feedback.register(app, deps);
  // Districts and organs are trees (server/lib/resource-tree.ts keeps their rules); a district an
  // organ or a sub company names, and an organ a sub company names, are not deleted (declared refs).
  mountResource(app, districtResource);
  mountResource(app, organResource);
  // sub companies and staff files: plain declarations (their relations are declared refs)
  mountResource(app, subCompanyResource);
  // the user's name is the declared ref's label (user_name); the list also shows the account
  mountResource(app, userDetailResource, { extendPage: withLoginId('base_user_detail') });
}
