import { defineResource, type OptionItem } from '../resource';

/**
 * Base data of the classes area: classrooms, holiday sets, swap days.
 * Paths chosen for the spec's unnamed per-school variants (documented here):
 *   base_holiday_set_school/{add,update,delete,page,get} — holidays of one campus;
 *   base_swap_day/{…} — company-wide swap days; base_swap_day_school/{…} — per campus.
 * A campus's calendar is the company-wide rows plus its own; arranging reads both.
 */

export const WEEK_DAYS: readonly OptionItem[] = [
  { value: 1, text: '周一' },
  { value: 2, text: '周二' },
  { value: 3, text: '周三' },
  { value: 4, text: '周四' },
  { value: 5, text: '周五' },
  { value: 6, text: '周六' },
  { value: 7, text: '周日' },
];

export const classroomResource = defineResource({
  name: 'base_otm_classroom',
  title: '教室',
  menu: { in: 'base', code: 'base_classroom', url: '/base/classroom', order: 3 },
  table: 'base_otm_classroom',
  scope: 'school',
  softDelete: true,
  perm: 'base_otm_classroom',
  defaultSort: 'name',
  fields: {
    name: { type: 'string', label: '教室名称', required: true, max: 64, search: 'like' },
    capacity: { type: 'int', label: '容纳人数', required: true, min: 1, max: 1000, list: { width: 90, sortable: true } },
    location: { type: 'string', label: '位置', max: 128 },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

const holidayFields = {
  name: { type: 'string', label: '节假日名称', required: true, max: 64, search: 'like' },
  start_date: { type: 'date', label: '开始日期', required: true, search: 'range', list: { sortable: true }, index: true },
  end_date: { type: 'date', label: '结束日期', required: true, list: { sortable: true } },
  remark: { type: 'string', label: '备注', max: 255 },
} as const;

/** Company-wide holidays (date ranges, both ends included): no lessons are arranged on them. */
export const holidaySetResource = defineResource({
  name: 'base_holiday_set',
  readBy: ['base_holiday_set', 'educational_arrange'],
  title: '节假日',
  table: 'base_holiday_set',
  scope: 'global',
  perm: 'base_holiday_set',
  defaultSort: 'start_date desc',
  fields: holidayFields,
});

export const holidaySetSchoolResource = defineResource({
  name: 'base_holiday_set_school',
  readBy: ['base_holiday_set', 'educational_arrange'],
  title: '校区节假日',
  table: 'base_holiday_set_school',
  scope: 'school',
  perm: 'base_holiday_set_school',
  defaultSort: 'start_date desc',
  fields: holidayFields,
});

/**
 * A swap day (调休): `follow_week_day` 1-7 makes the date a working day on that weekday's
 * timetable (e.g. a Sunday that works on Monday's lessons, even inside a holiday); empty makes a
 * working day a rest day (no lessons).
 */
const swapFields = {
  name: { type: 'string', label: '名称', max: 64, search: 'like' },
  swap_date: { type: 'date', label: '调休日期', required: true, search: 'range', list: { sortable: true }, index: true },
  follow_week_day: {
    type: 'int',
    label: '按星期几上课',
    min: 1,
    max: 7,
    options: { kind: 'static', items: WEEK_DAYS },
    list: { format: 'option', width: 110 },
    placeholder: '留空表示当天休息',
  },
  remark: { type: 'string', label: '备注', max: 255 },
} as const;

export const swapDayResource = defineResource({
  name: 'base_swap_day',
  readBy: ['base_swap_day', 'educational_arrange'],
  title: '调休日',
  table: 'base_swap_day',
  scope: 'global',
  perm: 'base_swap_day',
  defaultSort: 'swap_date desc',
  fields: swapFields,
});

export const swapDaySchoolResource = defineResource({
  name: 'base_swap_day_school',
  readBy: ['base_swap_day', 'educational_arrange'],
  title: '校区调休日',
  table: 'base_swap_day_school',
  scope: 'school',
  perm: 'base_swap_day_school',
  defaultSort: 'swap_date desc',
  fields: swapFields,
});

/** base_auto_cs_time_set: named lesson time slots a campus offers when arranging (page sorted by end_time_str). */
export const autoCsTimeSetResource = defineResource({
  name: 'base_auto_cs_time_set',
  readBy: ['educational_arrange'],
  title: '排课时间段',
  table: 'base_auto_cs_time_set',
  scope: 'school',
  perm: 'base_auto_cs_time_set',
  defaultSort: 'end_time_str',
  fields: {
    name: { type: 'string', label: '时间段名称', required: true, max: 64, search: 'like' },
    week_day: { type: 'int', label: '星期', min: 1, max: 7, options: { kind: 'static', items: WEEK_DAYS }, search: 'eq', list: { format: 'option', width: 80 } },
    start_time_str: { type: 'string', label: '开始时间', required: true, max: 5, input: 'time', pattern: { re: '^([01]\\d|2[0-3]):[0-5]\\d$', msg: '开始时间格式应为 HH:mm' }, list: { sortable: true } },
    end_time_str: { type: 'string', label: '结束时间', required: true, max: 5, input: 'time', pattern: { re: '^([01]\\d|2[0-3]):[0-5]\\d$', msg: '结束时间格式应为 HH:mm' }, list: { sortable: true } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const BASE_CLASS_RESOURCES = [
  classroomResource,
  holidaySetResource,
  holidaySetSchoolResource,
  swapDayResource,
  swapDaySchoolResource,
  autoCsTimeSetResource,
] as const;
