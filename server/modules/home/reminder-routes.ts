import type { Hono } from 'hono';
import {
  backlogBadgeCall,
  backlogBirthdayCall,
  backlogCollectCall,
  backlogRenewCall,
  backlogTodoCall,
  backlogVisitCall,
  homeCalendarCall,
  shortcutListCall,
  shortcutOpenCall,
  shortcutPinCall,
} from '../../../src/contract/home';
import type { AppEnv } from '../../lib/context';
import { linksFor } from './links';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { todayText } from '../../lib/time';
import { calendarMonth } from './calendar';
import { birthdayRows, collectRows, pageOf, reminderBadge, renewRows, todoRows, visitRows } from './reminders';
import { recordOpening, setPinned, shortcutsOf } from './shortcuts';

/**
 * Every home call is answered to whoever holds 首页; a tab's data is read only for a caller
 * holding a screen of it (links.ts), so the list of a tab the caller may not see is empty (and the
 * badge does not name it).
 */

/** The calls of the reminders (待办提醒), the calendar (日历) and the shortcuts (常用功能). */
export function registerReminderRoutes(app: Hono<AppEnv>): void {
  mountCall(app, backlogBadgeCall, ({ db, principal }) => reminderBadge(db, principal, todayText()));
  mountCall(app, backlogBirthdayCall, async ({ db, principal, query }) => {
    const links = await linksFor(db, principal);
    return pageOf(await birthdayRows(db, principal, todayText(), links), query.page, query.rows);
  });
  mountCall(app, backlogVisitCall, async ({ db, principal, query }) => {
    const links = await linksFor(db, principal);
    return pageOf(await visitRows(db, principal, todayText(), links), query.page, query.rows);
  });
  mountCall(app, backlogCollectCall, async ({ db, principal, query }) => {
    const links = await linksFor(db, principal);
    return pageOf(await collectRows(db, principal, todayText(), links), query.page, query.rows);
  });
  mountCall(app, backlogRenewCall, async ({ db, principal, query }) => {
    const links = await linksFor(db, principal);
    return pageOf(await renewRows(db, principal, todayText(), links), query.page, query.rows);
  });
  mountCall(app, backlogTodoCall, async ({ db, principal, query }) => pageOf(await todoRows(db, principal, todayText()), query.page, query.rows));
  mountCall(app, homeCalendarCall, ({ db, principal, query }) => calendarMonth(db, principal, query.month));
  mountCall(app, shortcutListCall, ({ db, principal }) => shortcutsOf(db, principal));
  mountCall(app, shortcutOpenCall, async ({ db, principal, body }) => ({ recorded: await recordOpening(db, principal, body.path) }));
  mountCall(app, shortcutPinCall, async ({ db, principal, body }) => {
    if (!(await setPinned(db, principal, body.path, body.pinned))) throw new ApiError(404, '页面不存在或无权访问');
    return shortcutsOf(db, principal);
  });
}
