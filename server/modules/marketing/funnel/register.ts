import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context';
import { mountResource } from '../../../lib/resource-routes';
import {
  acquiringTableResource,
  activityResource,
  inviteVisitResource,
  networkDetailResource,
  studentVisitResource,
  trialLessonResource,
  trialStudentResource,
} from '../../../../src/contract/resources/marketing-funnel';
import { inviteVisitHooks, networkDetailHooks, studentVisitHooks, trialLessonHooks, trialStudentHooks } from './hooks';
import { registerTrial } from './trial';
import { registerVisits } from './visits';
import { registerNetwork } from './network';
import { registerReport } from './report';
import { registerStaff } from './staff';

/**
 * The funnel after the lead: invitations, visits, trial lessons and their students, activities,
 * acquiring tables, network detail and the funnel report (called by the marketing area's index).
 */
export function registerFunnel(app: Hono<AppEnv>): void {
  mountResource(app, inviteVisitResource, inviteVisitHooks);
  mountResource(app, studentVisitResource, studentVisitHooks);
  mountResource(app, trialLessonResource, trialLessonHooks);
  mountResource(app, trialStudentResource, trialStudentHooks);
  mountResource(app, activityResource);
  mountResource(app, acquiringTableResource);
  mountResource(app, networkDetailResource, networkDetailHooks);
  registerTrial(app);
  registerVisits(app);
  registerNetwork(app);
  registerReport(app);
  registerStaff(app);
}
