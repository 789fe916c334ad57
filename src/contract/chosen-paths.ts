/**
 * Where the spec names an entity but not its path (`{...}` placeholders in shared/spec/calls.tsv)
 * or names no path at all ('-'), the product chooses one in the same style. The choices are
 * recorded here; the routes-coverage test reads them to check that every listed call is served.
 */

/** `{placeholder}` of calls.tsv → the path segment chosen for it. */
export const PLACEHOLDER_PATHS: Readonly<Record<string, string>> = {
  // classes
  '{swap days}': 'base_swap_day',
  '{swap days per school}': 'base_swap_day_school',
  '{undo groups}': 'edu_undo_group',
  '{tree by class}': 'tree',
  '{level delete}': 'level_delete',
  '{class-join lookups}': 'join_page',
  '{warm-up page}': 'warm_up_page',
  '{base_holiday_set per school}': 'base_holiday_set_school',
  // marketing plans and targets (docs/marketing.md)
  '{market plan}': 'mkt_market_plan',
  '{seller target}': 'mkt_seller_target',
  '{school sign}': 'mkt_school_sign',
  '{ta target}': 'mkt_ta_target',
  '{school ta plans}': 'mkt_school_ta_plan',
  // teaching (docs/teaching.md)
  '{classroom feedback lookup by ids}': 'tch_class_feedback/by_ids',
  // home reminders (docs/home.md)
  '{visit data}': 'visit',
};

/** Rows of calls.tsv whose path is '-': recognised by area and a phrase of their note. */
export const UNNAMED_CALLS: readonly { area: string; noteIncludes: string; method: string; path: string }[] = [
  { area: 'auth', noteIncludes: "user's school list", method: 'GET', path: 'api/v1/sys_user/get_user_school' },
  { area: 'auth', noteIncludes: 'menu fetch', method: 'GET', path: 'api/v1/system/sidebar' },
  { area: 'system', noteIncludes: 'Sidebar', method: 'GET|POST', path: 'api/v1/system/sidebar' },
  { area: 'attachments', noteIncludes: 'attachment lookup', method: 'GET', path: 'api/v1/sys_attachment/get' },
  { area: 'misc', noteIncludes: 'user feedback submit', method: 'POST', path: 'api/v1/base_feedback/add' },
  // the export row is not one path: every list call accepts __export__ (checked by a real export in the test)
  { area: 'export', noteIncludes: '__export__', method: 'EXPORT', path: '*' },
];
