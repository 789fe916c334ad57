import { z } from './zod';
import { answer, ANY_SIGNED_IN, defineCall } from './call';
import type { Page } from './envelope';
import { pageQuerySchema } from './paging';
import { SHORTCUT_OPEN_PATH } from './home-paths';

/**
 * The home area (首页): the calls of its panels. Each panel keeps its calls in its own section
 * below (reminders, calendar, frequently used; the dashboards beside them), so panels added by
 * different hands do not touch each other.
 *
 * Every call is made from 首页 (menu code `home`, every signed-in staff role holds it); what a
 * caller sees inside depends on the screens and operation codes of the data behind each tab
 * (server/modules/home/reminders.ts) and is limited to the caller's campuses.
 */

/** Menu code of 首页 (src/contract/menus/home.ts): the reader of the home calls. */
export const HOME_SCREEN = 'home';

// ---------------------------------------------------------------------------------------------
// 待办提醒 (reminders): backlog_remind/badge, birthday, visit (spec: misc "backlog_remind";
// the visit-data call's name is not shown, chosen here: backlog_remind/visit), and the product's
// collect, renew and todo lists of the other tabs.
// ---------------------------------------------------------------------------------------------

export const REMINDER_TABS = ['birthday', 'collect', 'renew', 'todo'] as const;
export type ReminderTab = (typeof REMINDER_TABS)[number];
export const REMINDER_TAB_TEXT: Readonly<Record<ReminderTab, string>> = { birthday: '生日', collect: '催缴', renew: '续费', todo: '待办' };

/** Days after today a birthday, an installment due date counts as coming (today included). */
export const REMIND_DAYS = 7;
/** 续费: a balance of at most this many hours is low. */
export const LOW_HOURS = 4;
/** 续费: hours expiring within this many days. */
export const EXPIRY_DAYS = 30;

export interface ReminderBadge {
  /** the tabs the caller may see, in order; a tab not listed is not shown */
  tabs: ReminderTab[];
  counts: Record<ReminderTab, number>;
  total: number;
}

/** Where a row is acted on: the address of a screen the caller holds (absent: no such screen). */
export interface ReminderLink {
  link: string | null;
}

export interface BirthdayRow extends ReminderLink {
  student_id: number;
  name: string;
  school_id: number;
  school_name: string;
  /** the birthday in this window, YYYY-MM-DD */
  birthday_date: string;
  /** the date of birth */
  birthday: string;
  /** the age the student turns on birthday_date */
  age: number;
  /** days from today: 0 today */
  days_left: number;
  /** masked unless the caller may see phones in full */
  phone: string | null;
}

export interface CollectRow extends ReminderLink {
  /** installment: a period of a plan; order: the unpaid balance of an order */
  kind: 'installment' | 'order';
  id: number;
  student_id: number;
  student_name: string;
  school_name: string;
  /** fen still owed */
  amount: number;
  /** the due date (installment) or the order's date */
  due_date: string | null;
  overdue: boolean;
  note: string;
}

export interface RenewRow extends ReminderLink {
  student_id: number;
  student_name: string;
  school_name: string;
  class_type_name: string;
  /** hours left (1.5) */
  remaining_hours: number;
  /** the soonest expiry of the hours still left, if within EXPIRY_DAYS */
  expires_on: string | null;
  reason: string;
}

export interface VisitRow extends ReminderLink {
  lead_id: number;
  name: string;
  school_name: string;
  phone: string | null;
  next_follow_at: string;
  overdue: boolean;
  owner_name: string | null;
}

export interface TodoRow extends ReminderLink {
  /** task: a workflow task awaiting the caller; visit: a lead follow-up due */
  kind: 'task' | 'visit';
  id: number;
  title: string;
  sub: string;
  at: string | null;
  overdue: boolean;
}

const remindLabels = { page: '页码', rows: '每页行数' };

export const backlogBadgeCall = defineCall({
  area: 'misc',
  title: '待办提醒数量',
  method: 'GET',
  path: 'api/v1/backlog_remind/badge',
  perm: HOME_SCREEN,
  answer: answer<ReminderBadge>(),
});

export const backlogBirthdayCall = defineCall({
  area: 'misc',
  title: '生日提醒',
  method: 'GET',
  path: 'api/v1/backlog_remind/birthday',
  perm: HOME_SCREEN,
  query: pageQuerySchema,
  labels: remindLabels,
  answer: answer<Page<BirthdayRow>>(),
});

export const backlogVisitCall = defineCall({
  area: 'misc',
  title: '回访提醒',
  method: 'GET',
  path: 'api/v1/backlog_remind/visit',
  perm: HOME_SCREEN,
  query: pageQuerySchema,
  labels: remindLabels,
  answer: answer<Page<VisitRow>>(),
});

export const backlogCollectCall = defineCall({
  area: 'misc',
  title: '催缴提醒',
  method: 'GET',
  path: 'api/v1/backlog_remind/collect',
  perm: HOME_SCREEN,
  query: pageQuerySchema,
  labels: remindLabels,
  answer: answer<Page<CollectRow>>(),
});

export const backlogRenewCall = defineCall({
  area: 'misc',
  title: '续费提醒',
  method: 'GET',
  path: 'api/v1/backlog_remind/renew',
  perm: HOME_SCREEN,
  query: pageQuerySchema,
  labels: remindLabels,
  answer: answer<Page<RenewRow>>(),
});

export const backlogTodoCall = defineCall({
  area: 'misc',
  title: '待办事项',
  method: 'GET',
  path: 'api/v1/backlog_remind/todo',
  perm: HOME_SCREEN,
  query: pageQuerySchema,
  labels: remindLabels,
  answer: answer<Page<TodoRow>>(),
});

// ---------------------------------------------------------------------------------------------
// 日历 (calendar): the month of the caller's lessons, trial lessons, follow-ups and birthdays.
// ---------------------------------------------------------------------------------------------

export type CalendarKind = 'lesson' | 'trial' | 'visit' | 'birthday';
export const CALENDAR_KIND_TEXT: Readonly<Record<CalendarKind, string>> = { lesson: '课程', trial: '试听', visit: '跟进', birthday: '生日' };

export interface CalendarItem extends ReminderLink {
  kind: CalendarKind;
  date: string;
  /** HH:mm, or null for a whole-day item */
  time: string | null;
  title: string;
  sub: string;
}

export interface CalendarMonth {
  month: string;
  items: CalendarItem[];
  /** kinds left out because the month had more than the cap; the day lists say so */
  truncated: boolean;
}

export const homeCalendarCall = defineCall({
  area: 'home',
  title: '首页日历',
  method: 'GET',
  path: 'api/v1/home_calendar/month',
  perm: HOME_SCREEN,
  query: z.object({ month: z.string({ error: '请选择月份' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM') }),
  labels: { month: '月份' },
  answer: answer<CalendarMonth>(),
});

// ---------------------------------------------------------------------------------------------
// 常用功能 (frequently used): the screens a user opens most, kept per user on the server.
// ---------------------------------------------------------------------------------------------

/** Shortcuts shown: pinned ones first, then the most opened. */
export const SHORTCUT_COUNT = 8;

export interface Shortcut {
  path: string;
  title: string;
  open_count: number;
  pinned: boolean;
}

const screenPath = z
  .string({ error: '请提供页面地址' })
  .trim()
  .min(2, '请提供页面地址')
  .max(200, '页面地址不能超过200个字符')
  .regex(/^\/[A-Za-z0-9_\-/]+$/, '页面地址格式不正确');

export const shortcutListCall = defineCall({
  area: 'home',
  title: '常用功能',
  method: 'GET',
  path: 'api/v1/home_shortcut/list',
  perm: HOME_SCREEN,
  answer: answer<Shortcut[]>(),
});

/**
 * One opening of a screen's tab. Marked read-only: a usage counter of the user's own, not a
 * business record, so it stays out of the audit log (it is written in its own small statement).
 */
export const shortcutOpenCall = defineCall({
  area: 'home',
  title: '记录常用功能',
  method: 'POST',
  path: SHORTCUT_OPEN_PATH,
  perm: HOME_SCREEN,
  readOnly: true,
  body: z.object({ path: screenPath }),
  labels: { path: '页面地址' },
  answer: answer<{ recorded: boolean }>(),
});

export const shortcutPinCall = defineCall({
  area: 'home',
  title: '固定常用功能',
  method: 'POST',
  path: 'api/v1/home_shortcut/pin',
  perm: ANY_SIGNED_IN,
  body: z.object({ path: screenPath, pinned: z.boolean({ error: '固定标记只能是 true 或 false' }) }),
  labels: { path: '页面地址', pinned: '固定' },
  answer: answer<Shortcut[]>(),
});
