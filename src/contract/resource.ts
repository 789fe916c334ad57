import { z } from './zod';
import { looksMasked, type MaskKind } from './mask';
import type { SearchDateDefault } from './search';

/**
 * Resource declarations: one declaration per list-shaped entity, read by both halves.
 * The server creates the table, mounts add/update/delete/page/get (and recover, tree) from it;
 * the app renders the search form, the table, the row actions and the dialog form from it.
 * Entity-specific actions are written beside the declaration as explicit handlers.
 */

export type FieldType =
  | 'string' // short text, one line
  | 'text' // long text (textarea, rich text)
  | 'int'
  | 'number' // decimal
  | 'money' // integer fen (分) in the database and the API; forms and tables show yuan with two decimals
  | 'bool' // stored 0/1
  | 'date' // YYYY-MM-DD
  | 'datetime' // YYYY-MM-DD HH:mm:ss
  | 'json' // free JSON text
  | 'ids'; // comma-joined id list (attachments, multi-select)

export type FieldInput =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'multiselect'
  | 'tree'
  | 'date'
  | 'datetime'
  | 'switch'
  | 'attachment'
  | 'richtext'
  /** a time of day as 24-hour HH:mm whatever the browser's language (a string field of that pattern) */
  | 'time'
  /** a relation: a select searching the target one page at a time (`ref`) */
  | 'ref';

export interface OptionItem {
  value: string | number;
  text: string;
}

export type OptionSource =
  /** fixed values declared here */
  | { kind: 'static'; items: readonly OptionItem[] }
  /** an option set fetched by code (api/v1/system/get_optionset_by_code) */
  | { kind: 'optionset'; code: string }
  /** rows of another resource: value = `value` column (default id), text = `label` column */
  | { kind: 'resource'; resource: string; label: string; value?: string }
  /** a tree call answering nodes {id, text, nodes} */
  | { kind: 'tree'; url: string }
  /** the signed-in user's schools (campuses) */
  | { kind: 'schools' };

export type SearchMode = 'eq' | 'like' | 'range' | 'in';

/**
 * A relation: the field holds the id of a row of another resource (a declared one, or a
 * hand-written list named in contract/refs.ts, e.g. `sys_user`).
 * - the page and get calls answer the target's `label` columns beside the id, as
 *   `refLabelKey(field, column)` (`classroom_id` + `name` → `classroom_name`), joined on the
 *   target's primary key inside the compiled page statement;
 * - add and update refuse a target that is missing, deleted or outside the caller's campuses
 *   (`{label}不存在`, the same for all three);
 * - deleting a target that a live row still names is refused (`该{target}已被{referrer}使用，不能删除`)
 *   unless `onDelete: 'allow'` (rows that keep their own copy of what they need);
 * - the app shows the label column and edits the field with a select searching the target.
 */
export interface RefDef {
  resource: string;
  /** target columns shown for the id; the first one is what the select searches and shows */
  label: readonly [string, ...string[]];
  onDelete?: 'restrict' | 'allow';
}
export type FormatterKey = 'date' | 'datetime' | 'money' | 'round' | 'filesize' | 'bool' | 'option';

export interface ColumnOptions {
  width?: number;
  align?: 'left' | 'center' | 'right';
  sortable?: boolean;
  fixed?: 'left' | 'right';
  /** hidden by default; users can show it in column preferences */
  show?: boolean;
  format?: FormatterKey;
}

export interface FieldDef {
  type: FieldType;
  /** Chinese label, used in the table header, the form and validation messages */
  label: string;
  required?: boolean;
  /** string: max length; number: max value */
  max?: number;
  /** string: min length; number: min value */
  min?: number;
  pattern?: { re: string; msg: string };
  input?: FieldInput;
  options?: OptionSource;
  /** shown as a table column (default: true unless type is text/json) */
  list?: boolean | ColumnOptions;
  /** offered in the search form */
  search?: SearchMode;
  /**
   * The search form's value on opening the list and on 重置 (a date or datetime search): a range
   * preset (`currentMonth`, `monthSoFar`, `latestTwoMonths`, `yesterday`, `today`), or `today` /
   * `yesterday` for a single date, `now` for a single datetime; Asia/Shanghai time (search.ts).
   */
  searchDefault?: SearchDateDefault;
  /** part of the dialog form (default true) */
  form?: boolean;
  /** set by the server only; never accepted from a request */
  readonly?: boolean;
  default?: string | number | boolean;
  unique?: boolean;
  /** create a database index on this column */
  index?: boolean;
  /**
   * With `search: 'like'`: a search of two characters or more finds its rows through an index of
   * the column's two-character pieces (server/db/search-grams.ts) instead of reading every row of
   * the caller's campuses. For names searched in large tables (students, leads).
   */
  grams?: boolean;
  /** the form shows this field only when another field has one of these values */
  showWhen?: { field: string; in: readonly (string | number)[] };
  placeholder?: string;
  /** the field points at another resource (see RefDef) */
  ref?: RefDef;
  /**
   * Personal data shown masked (138****1234) to callers without the operation code
   * FULL_VALUE_PERM, on the server: page, get, tree, export and write answers (contract/mask.ts).
   * An update that sends the masked text back unchanged keeps the stored value; any other text
   * holding `*` is refused.
   */
  mask?: MaskKind;
}

/** The tree rules of a declaration (or of a core table's tree, resources/system.ts CORE_TREES). */
export interface TreeRules {
  parent: string;
  text: string;
  noun?: string;
  columns?: readonly string[];
  /**
   * The refusals' own wording, where a screen had it before the rules were shared (组织, 菜单):
   * `moved` answers a move under the node itself or below it, `hasChildren` a delete of a node
   * whose children stay (`{name}`: the node's text). Default `上级{noun}不能是自身` / `上级{noun}不能是自身或其下级`
   * and `该{noun}下还有下级{noun}，请先删除下级{noun}`.
   */
  messages?: { moved?: string; hasChildren?: string };
}

export type CallName = 'page' | 'get' | 'add' | 'update' | 'delete' | 'recover' | 'tree';

/**
 * A one-column state change (set_important, invalidate, visible, change_status, publish, onoff…):
 * `POST <name>/<action>` with `{ ids: [...] }` or `{ id }`, plus `{ <column>: value }` unless the
 * value is fixed here. A value from the body is checked by the column's own field (type, options,
 * relation) and, when `buttons` are declared, must be one of theirs. Every id must be in the
 * caller's scope (one outside answers as missing); updated_at/updated_by are stamped. Answers
 * `{ count, ids, <column>: value }` (and `id` when the body named one).
 * The app offers it on each row and over the selected rows: one button per entry of `buttons`
 * (hidden on rows that already have its value), or one button (a fixed value, or a chooser of the
 * column's options).
 */
export interface ActionButton {
  value: string | number;
  label: string;
  /** the question asked first (default `确定{label}选中的{title}吗？`) */
  confirm?: string;
  color?: 'red' | 'blue' | 'green' | 'orange' | 'gray';
}

export interface ActionDef {
  /** the path's last segment (`visible` → `<name>/visible`) */
  name: string;
  /** the whole path relative to api/v1, where the spec names it otherwise */
  path?: string;
  /** Chinese button text (of the single button) */
  label: string;
  /** operation code (default: as the standard calls, `<perm>_<name>` or verb-first `<name>_<perm>`) */
  perm?: string;
  /** the column set; a declared field of the resource */
  column: string;
  /** the value set, whatever the body says */
  value?: string | number;
  buttons?: readonly ActionButton[];
  confirm?: string;
  /** where the app offers it (default 'both'; 'none' for screens with a dialog of their own) */
  ui?: 'row' | 'bulk' | 'both' | 'none';
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** default path segment: api/v1/<name>/<call> */
  name: string;
  /** Chinese title of the entity (dialogs: 新增{title} / 编辑{title}) */
  title: string;
  /** database table */
  table: string;
  fields: F;
  /** 'school': rows carry school_id and every query is limited to the caller's schools */
  scope: 'school' | 'global';
  /** deletes set del_flag = 1; a recover call clears it */
  softDelete?: boolean;
  /** `prop` or `prop desc` (default `id desc`) */
  defaultSort?: string;
  /** operation-code prefix: writes need `<perm>_add`, `<perm>_update`, `<perm>_delete`, `<perm>_recover` */
  perm: string;
  /**
   * `'verb_first'`: the spec's own style for system screens (`add_area`, `update_area`, `del_area`,
   * `recover_area`), matching the seeded buttons. Default `'perm_first'` as above.
   */
  permStyle?: 'perm_first' | 'verb_first';
  /**
   * Paths of the standard calls relative to api/v1, where the spec names them differently
   * (e.g. `system/find_area_page`); `false` leaves a call out. Default `<name>/<call>`.
   */
  calls?: Partial<Record<CallName, string | false>>;
  /** how the page call takes its filters: query string (default) or form-encoded POST */
  pageMethod?: 'GET' | 'POST_FORM';
  /**
   * Who may read it: the screens (menu codes of src/contract/menus) whose holders may make its
   * page, get and tree calls, or `'*'` (ANY_SIGNED_IN) for every signed-in user. The screens of
   * declarations whose fields refer to this one are added by the server (their selects read it). A
   * declaration naming none is readable by the administrator alone (tests/server/read-permission).
   */
  readBy?: readonly string[];
  /**
   * A tree by a parent column (0 = root): the `tree` call, and the rules every tree keeps (the
   * parent exists, no cycle, no delete while children remain; server/lib/resource-tree.ts).
   * `noun` names a node in those messages (default: the title). `columns`: further columns the
   * cascading picker's `system/tree_list` may answer as a node's text or value (besides id, the
   * parent and the text); a tree of a campus-scoped declaration is not served there.
   */
  tree?: TreeRules;
  /**
   * Composite indexes for the list's usual filter and sort, equality columns first and the sort
   * column last (e.g. `['school_id', 'del_flag', 'state', 'created_at']`): the page and its count
   * then read the index alone instead of sorting or visiting every matching row.
   */
  indexes?: readonly (readonly string[])[];
  /**
   * The busiest list's usual filter and sort, like an entry of `indexes`, as a covering index: it
   * also holds every other column of the table, so a page of that search reads its rows from the
   * index alone, side by side, instead of one table page per row. It costs about the table's size
   * again on disk and in every write: one list per table at most.
   */
  listIndex?: readonly string[];
  /** one-column state changes (see ActionDef) */
  actions?: readonly ActionDef[];
  /**
   * Search fields that may not be combined, per group (`[['halt_order_time', 'terminate_order_time']]`):
   * a page call filling two of one group is refused with `{label}和{label}不能联查` (code 400), and
   * the search form says the same before sending (search.ts `exclusiveConflict`).
   */
  exclusive?: readonly (readonly string[])[];
  /**
   * Rows in these states are final (a closed day, an issued document): update and delete refuse
   * them with `msg` (409; `{column}` is replaced by the row's value) whoever asks, and the app
   * offers no 编辑/删除 on them. The area's own calls that change such rows check it themselves.
   */
  lockedWhen?: LockRule;
  /**
   * The declaration's own screen in the sidebar: its list (`resource/<name>`, the shared
   * ResourcePage) with a button for each write call and action, seeded like the areas' menus
   * (server/db/seed/declared-menus.ts). Its code is also a reader of the list (see readersOf).
   */
  menu?: DeclaredMenu;
}

export interface DeclaredMenu {
  /** the sidebar directory it sits in, as the codes of the areas' menus nest it (`base`, `system`) */
  in: string;
  /** the menu's code: its identity in an installed database */
  code: string;
  /** the sidebar text (default: the title) */
  name?: string;
  /** the address (default `/<directory>/<name>`) */
  url?: string;
  /** roles (codes) given the screen and its buttons when it is new (default: the directory's); the administrator always */
  grants?: readonly string[];
  /** place among the directory's children when first inserted */
  order?: number;
}

/** The screens whose holders may read a declaration's list: its `readBy` and its own menu. */
export function readersOf(def: Pick<ResourceDef, 'readBy' | 'menu'>): string[] | undefined {
  if (!def.readBy && !def.menu) return undefined;
  return [...(def.readBy ?? []), ...(def.menu ? [def.menu.code] : [])];
}

export interface LockRule {
  field: string;
  in: readonly (string | number)[];
  msg: string;
}

/** Whether a row is final by its declaration's lockedWhen. */
export function isLocked(def: Pick<ResourceDef, 'lockedWhen'>, row: Readonly<Record<string, unknown>>): boolean {
  const rule = def.lockedWhen;
  if (!rule) return false;
  const value = row[rule.field];
  return rule.in.some((v) => String(v) === String(value));
}

/** The refusal of a final row, with `{column}` filled from the row. */
export function lockedMessage(rule: LockRule, row: Readonly<Record<string, unknown>>): string {
  return rule.msg.replace(/\{(\w+)\}/g, (_, k: string) => String(row[k] ?? ''));
}

/** Columns every resource table has besides its declared fields. */
export const BASE_COLUMNS = ['id', 'created_at', 'updated_at', 'created_by', 'updated_by'] as const;
export const SCHOOL_COLUMN = 'school_id';
export const DEL_FLAG_COLUMN = 'del_flag';

/**
 * A declaration. Its table, scope and soft delete are kept as written (`'mkt_activity'`,
 * `'school'`, `true`), so that the server derives its table type from it (server/db/schema.ts
 * DeclaredTable) and a test finds every declared table in that type (tests/unit/architecture/
 * declared-tables.test.ts).
 */
export function defineResource<
  const F extends Record<string, FieldDef>,
  const S extends ResourceDef['scope'] = ResourceDef['scope'],
  const D extends boolean = false,
  const T extends string = string,
>(def: ResourceDef<F> & { table: T; scope: S; softDelete?: D }): ResourceDef<F> & { table: T; scope: S; softDelete?: D } {
  return def;
}

/** The path (relative to api/v1, no leading slash) of one standard call, or undefined when left out. */
export function callPath(def: ResourceDef, call: CallName): string | undefined {
  const custom = def.calls?.[call];
  if (custom === false) return undefined;
  if (typeof custom === 'string') return custom;
  if (call === 'recover' && !def.softDelete) return undefined;
  if (call === 'tree' && !def.tree) return undefined;
  return `${def.name}/${call}`;
}

export function permCode(def: ResourceDef, call: 'add' | 'update' | 'delete' | 'recover'): string {
  if (def.permStyle === 'verb_first') return `${call === 'delete' ? 'del' : call}_${def.perm}`;
  return `${def.perm}_${call}`;
}

/** The path (relative to api/v1) of a declared action. */
export function actionPath(def: ResourceDef, action: ActionDef): string {
  return action.path ?? `${def.name}/${action.name}`;
}

export function actionPerm(def: ResourceDef, action: ActionDef): string {
  if (action.perm) return action.perm;
  return def.permStyle === 'verb_first' ? `${action.name}_${def.perm}` : `${def.perm}_${action.name}`;
}

/** Ids of an action body: `{ ids: [...] }` or `{ id }`; the ids may be `{ id }` items, as a delete's body lists them. */
export const actionIdsSchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    const ids = o.ids !== undefined ? o.ids : o.id !== undefined ? [o.id] : undefined;
    return Array.isArray(ids) ? ids.map((x) => (x && typeof x === 'object' && !Array.isArray(x) && 'id' in x ? (x as { id: unknown }).id : x)) : ids;
  },
  z
    .array(z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数'), { error: '请选择要操作的记录' })
    .min(1, '请至少选择一条记录')
    .max(10000, '一次最多操作 10000 条记录'),
);

/** Whether the field is a table column, and with which options. */
export function columnOf(field: FieldDef): ColumnOptions | undefined {
  if (field.list === false) return undefined;
  if (field.list === undefined && (field.type === 'text' || field.type === 'json')) return undefined;
  return typeof field.list === 'object' ? field.list : {};
}

/**
 * The key of a relation's label column in page and get rows: the field without its `_id`, then
 * the target column (`class_type_id` + `name` → `class_type_name`). Exports and screens print it.
 */
export function refLabelKey(field: string, column: string): string {
  return `${field.endsWith('_id') ? field.slice(0, -3) : field}_${column}`;
}

/** The label keys of a relation field, in the declared order. */
export function refLabelKeys(name: string, field: FieldDef): string[] {
  return field.ref ? field.ref.label.map((col) => refLabelKey(name, col)) : [];
}

/** A relation row's shown text: its label columns joined by a space. */
export function refText(row: Record<string, unknown>, name: string, field: FieldDef): string {
  return refLabelKeys(name, field)
    .map((k) => row[k])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');
}

export function inputOf(field: FieldDef): FieldInput {
  if (field.input) return field.input;
  if (field.ref) return 'ref';
  if (field.options) return field.type === 'ids' ? 'multiselect' : 'select';
  switch (field.type) {
    case 'text':
      return 'textarea';
    case 'int':
    case 'number':
    case 'money':
      return 'number';
    case 'bool':
      return 'switch';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'text';
  }
}

// ---------------------------------------------------------------------------------------------
// Typed rows
// ---------------------------------------------------------------------------------------------

type TsOf<T extends FieldType> = T extends 'int' | 'number' | 'money'
  ? number
  : T extends 'bool'
    ? number
    : string;

export type RowOf<F extends Record<string, FieldDef>> = { id: number; created_at?: string; updated_at?: string; school_id?: number | null } & {
  [K in keyof F]: TsOf<F[K]['type']> | null;
};

// ---------------------------------------------------------------------------------------------
// Validation: one zod schema per declaration, used by the server and by the app's form.
// ---------------------------------------------------------------------------------------------

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The largest amount a money field takes unless it says otherwise: 9,999,999,999.99 yuan, in fen (exact in a double). */
export const MONEY_MAX_FEN = 999_999_999_999;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

function requiredMessage(field: FieldDef): string {
  const input = inputOf(field);
  const verb = input === 'ref' || input === 'select' || input === 'multiselect' || input === 'tree' || input === 'date' || input === 'datetime' ? '请选择' : '请输入';
  return field.input === 'attachment' ? `请上传${field.label}` : `${verb}${field.label}`;
}

/** Empty strings from forms and query strings mean "no value". */
function emptyToNull(v: unknown): unknown {
  return v === '' || v === undefined ? null : v;
}

/**
 * A masked field also accepts a masked text as it is (the edit form shows the masked value): the
 * server keeps the stored value when it is the unchanged mask and refuses any other (mask.ts).
 */
function allowMasked(base: z.ZodType<string | number>): z.ZodType<string | number> {
  return z.unknown().transform((v, ctx) => {
    if (looksMasked(v)) return v;
    const parsed = base.safeParse(v);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }) as unknown as z.ZodType<string | number>;
}

export function fieldSchema(field: FieldDef): z.ZodType<string | number | null> {
  const label = field.label;
  let base: z.ZodType<string | number>;
  switch (field.type) {
    case 'int': {
      let s = z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`);
      if (field.ref) s = s.positive(`${label}不存在`);
      if (field.min !== undefined) s = s.min(field.min, `${label}不能小于${field.min}`);
      if (field.max !== undefined) s = s.max(field.max, `${label}不能大于${field.max}`);
      base = s;
      break;
    }
    case 'money': {
      // fen: min and max are fen too, messages name yuan (what the form shows)
      const max = field.max ?? MONEY_MAX_FEN;
      let s = z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是以分为单位的整数`);
      if (field.min !== undefined) s = s.min(field.min, `${label}不能小于${(field.min / 100).toFixed(2)}元`);
      base = s.max(max, `${label}不能大于${(max / 100).toFixed(2)}元`);
      break;
    }
    case 'number': {
      let s = z.coerce.number({ error: `${label}必须是数字` }).refine(Number.isFinite, `${label}必须是数字`);
      if (field.min !== undefined) s = s.refine((n) => n >= (field.min as number), `${label}不能小于${field.min}`);
      if (field.max !== undefined) s = s.refine((n) => n <= (field.max as number), `${label}不能大于${field.max}`);
      base = s;
      break;
    }
    case 'bool':
      base = z.preprocess(
        (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
        z.coerce.number().refine((n) => n === 0 || n === 1, `${label}只能是 是 或 否`),
      );
      break;
    case 'date':
      base = z.string({ error: `${label}格式应为 YYYY-MM-DD` }).regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`);
      break;
    case 'datetime':
      base = z
        .string({ error: `${label}格式应为 YYYY-MM-DD HH:mm:ss` })
        .regex(DATETIME_RE, `${label}格式应为 YYYY-MM-DD HH:mm:ss`)
        .transform((s) => (s.length === 16 ? `${s.replace('T', ' ')}:00` : s.replace('T', ' ')));
      break;
    case 'ids':
      base = z.preprocess(
        (v) => (Array.isArray(v) ? v.join(',') : v),
        z.string({ error: `${label}格式不正确` }).regex(/^\d+(,\d+)*$/, `${label}格式不正确`),
      );
      break;
    case 'json':
      base = z.preprocess(
        (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
        z.string().refine((s) => {
          try {
            JSON.parse(s);
            return true;
          } catch {
            return false;
          }
        }, `${label}不是有效的 JSON`),
      );
      break;
    default: {
      let s = z.string({ error: `${label}必须是文本` }).trim();
      const max = field.max ?? (field.type === 'text' ? 20000 : 255);
      s = s.max(max, `${label}不能超过${max}个字符`);
      if (field.min !== undefined) s = s.min(field.min, `${label}至少${field.min}个字符`);
      if (field.pattern) s = s.regex(new RegExp(field.pattern.re), field.pattern.msg);
      base = s;
    }
  }
  if (field.mask) base = allowMasked(base);
  if (field.options?.kind === 'static' && field.type !== 'ids') {
    const allowed = field.options.items.map((i) => String(i.value));
    base = base.refine((v) => allowed.includes(String(v)), `${label}的取值不在可选范围内`);
  }
  const msg = requiredMessage(field);
  if (field.required) {
    return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v ?? undefined), base.optional()).refine(
      (v) => v !== undefined && v !== null,
      msg,
    ) as z.ZodType<string | number | null>;
  }
  return z.preprocess(emptyToNull, base.nullable()) as z.ZodType<string | number | null>;
}

/** Writable fields of a declaration. */
export function writableFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => !f.readonly);
}

/**
 * The body schema of `add` (all declared writable fields; required ones must be present) or of
 * `update` (id required; absent fields keep their stored value, but a present required field must
 * not be emptied). Unknown keys are dropped.
 */
export function bodySchema(def: ResourceDef, mode: 'add' | 'update'): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of writableFields(def)) {
    const s = fieldSchema(field);
    shape[key] = mode === 'add' ? (field.required ? s : s.optional()) : s.optional();
  }
  if (def.scope === 'school') {
    const school = z.coerce.number({ error: '校区必须是数字' }).int('校区必须是整数').positive('请选择校区');
    shape[SCHOOL_COLUMN] = mode === 'add' ? school.optional() : school.optional();
  }
  if (mode === 'update') shape.id = z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数');
  const object = z.object(shape);
  if (mode === 'update') return object as unknown as z.ZodType<Record<string, unknown>>;
  // zod 4 does not run a key's schema when the key is absent and the schema accepts undefined,
  // so a required field left out entirely is caught here.
  const required = writableFields(def).filter(([, f]) => f.required);
  return z
    .record(z.string(), z.unknown(), { error: '请求体必须是对象' })
    .superRefine((raw, ctx) => {
      for (const [key, field] of required) {
        if (raw[key] === undefined || raw[key] === null) ctx.addIssue({ code: 'custom', message: requiredMessage(field), path: [key] });
      }
    })
    .pipe(object) as unknown as z.ZodType<Record<string, unknown>>;
}

/** Ids of a delete or recover body: `[{id}, ...]` (a bare `{id}` or `[1,2]` is accepted too). */
export const idListSchema = z.preprocess(
  (v) => {
    const list = Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : v;
    return Array.isArray(list) ? list.map((x) => (typeof x === 'number' || typeof x === 'string' ? { id: x } : x)) : list;
  },
  z
    .array(z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数') }), {
      error: '请提供要操作的记录 id 列表',
    })
    .min(1, '请至少选择一条记录')
    .max(10000, '一次最多操作 10000 条记录'),
);

export const idQuerySchema = z.object({
  id: z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数'),
});
