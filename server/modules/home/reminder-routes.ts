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
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { linksFor, type Links, type Target } from './links';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { todayText } from '../../lib/time';
import { calendarMonth } from './calendar';
import { birthdayRows, collectRows, pageOf, reminderBadge, renewRows, todoRows, visitRows } from './reminders';
import { recordOpening, setPinned, shortcutsOf } from './shortcuts';

/** A tab's list is refused (403) to a caller holding no screen of its data, as the data's own lists are. */
async function allowed(db: Kysely<Database>, p: Principal, target: Target, noun: string): Promise<Links> {
  const links = await linksFor(db, p);
  if (!links.holds(target)) throw new ApiError(403, `无权查看${noun}提醒`);
  return links;
}

/** The calls of the reminders (待办提醒), the calendar (日历) and the shortcuts (常用功能). */
export function registerReminderRoutes(app: Hono<AppEnv>): void {
  mountCall(app, backlogBadgeCall, ({ db, principal }) => reminderBadge(db, principal, todayText()));
  mountCall(app, backlogBirthdayCall, async ({ db, principal, query }) => {
    const links = await allowed(db, principal, 'student', '学员');
    return pageOf(await birthdayRows(db, principal, todayText(), links), query.page, query.rows);
  });
  mountCall(app, backlogVisitCall, async ({ db, principal, query }) => {
    const links = await allowed(db, principal, 'lead', '资源');
    return pageOf(await visitRows(db, principal, todayText(), links), query.page, query.rows);
  });
  mountCall(app, backlogCollectCall, async ({ db, principal, query }) => {
    const links = await allowed(db, principal, 'money', '收费');
    return pageOf(await collectRows(db, principal, todayText(), links), query.page, query.rows);
  });
  mountCall(app, backlogRenewCall, async ({ db, principal, query }) => {
    const links = await allowed(db, principal, 'order', '订单');
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
