import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Principal } from '../../../lib/context';
import { schoolScope } from '../../../lib/scope';
import { todayText } from '../../../lib/time';
import { chunk } from '../../../lib/chunk';
import { maskFor } from '../../../lib/mask';
import { problemsOf } from '../../../lib/validate';
import { labelsOf } from '../../../lib/resource-routes';
import { bodySchema } from '../../../../src/contract/resource';
import { GENDERS, GRADES, PARENT_RELATIONS, STUDENT_SOURCES, STUDENT_STATES, studentResource } from '../../../../src/contract/resources/students';
import { INITIAL_STATES, idCardBirthday, idCardProblem } from '../../../../src/contract/students';
import { STUDENT_IMPORT_COLUMNS, type ImportColumnKey } from '../../../../src/contract/student-import';
import type { RawCell, SheetRow } from './sheet';
import '../schema';

type Db = Kysely<Database>;

/** A row of the file after the dry run: what it would add, or why it is refused. */
export interface CheckedRow {
  row_no: number;
  /** the cells as text, in the template's column order (kept for the refused-rows file) */
  cells: string[];
  name: string;
  parent_phone: string | null;
  school_id: number | null;
  /** the add call's body, when the row is accepted */
  body: Record<string, unknown> | null;
  problems: string[];
  /** what the accepted row will do besides adding the student (a sibling's parent is reused) */
  note: string | null;
  /** the existing student (in the caller's campuses) the row updates instead of adding one */
  target?: number;
}

export interface Campus {
  id: number;
  name: string;
  code: string | null;
}

const addSchema = bodySchema(studentResource, 'add');
const addLabels = labelsOf(studentResource);
const INITIAL = STUDENT_STATES.filter((s) => INITIAL_STATES.includes(s.value));
const IN_LOOKUP = 400;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date cell's day (exceljs gives Excel dates as UTC midnight). */
function dayOf(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A cell as the text the user typed (dates as YYYY-MM-DD). */
export function cellText(v: RawCell | undefined): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : dayOf(v);
  if (typeof v === 'number') return String(v);
  return v.trim();
}

/** `2016-05-12`, `2016/5/12`, `2016.5.12`, `20160512` or an Excel date (cell or serial number) → YYYY-MM-DD; undefined when not a date. */
export function birthdayOf(v: RawCell): string | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : dayOf(v);
  if (typeof v === 'number') {
    if (v >= 1000 && v < 80000 && Number.isInteger(v)) return dayOf(new Date(Date.UTC(1899, 11, 30) + v * 86_400_000));
    if (v >= 19000101 && v <= 29991231) return birthdayOf(String(v));
    return undefined;
  }
  if (v === null) return undefined;
  const t = v.trim();
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return dayOf(date);
}

function optionValue(items: readonly { value: number | string; text: string }[], text: string): number | undefined {
  const hit = items.find((i) => i.text === text);
  return hit === undefined ? undefined : Number(hit.value);
}

/** Campuses by name and by code (not deleted). */
export async function campuses(db: Db): Promise<Campus[]> {
  return db.selectFrom('organisations').select(['id', 'name', 'code']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
}

/**
 * One row of the sheet → the add call's body and every problem of it, each naming the field in
 * Chinese. Validation is the add call's schema (required fields, lengths, phone patterns) and
 * rules (ID number format and check digit, birth date not in the future, initial states), plus what
 * a file needs: option texts, dates and numbers as Excel writes them, the campus in the caller's
 * scope, a parent phone for each row.
 */
export function convertRow(row: SheetRow, principal: Principal, byName: ReadonlyMap<string, Campus>, defaultSchoolId: number): CheckedRow {
  const c = row.cells;
  const text = (k: ImportColumnKey) => cellText(c[k]);
  const problems: string[] = [];
  const body: Record<string, unknown> = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined && v !== '') body[k] = v;
  };
  put('name', text('name'));
  if (!text('name')) problems.push('学员姓名不能为空');

  const gender = text('gender');
  if (!gender) problems.push('性别不能为空（男或女）');
  else if (optionValue(GENDERS, gender) === undefined) problems.push(`性别“${gender}”不正确，只能填写男或女`);
  else put('gender', optionValue(GENDERS, gender));

  const campusText = text('school');
  let schoolId: number | null = defaultSchoolId;
  if (campusText) {
    const campus = byName.get(campusText);
    // a campus outside the caller's scope reads exactly as one that does not exist
    const scope = schoolScope(principal);
    if (!campus || (scope !== undefined && !scope.includes(campus.id))) {
      problems.push(`校区“${campusText}”不存在或无权导入`);
      schoolId = null;
    } else schoolId = campus.id;
  }
  if (schoolId !== null) put('school_id', schoolId);

  for (const [key, items, label] of [
    ['grade', GRADES, '年级'],
    ['parent_relation', PARENT_RELATIONS, '家长关系'],
    ['source', STUDENT_SOURCES, '来源'],
  ] as const) {
    const t = text(key);
    if (!t) continue;
    const v = optionValue(items, t);
    if (v === undefined) problems.push(`${label}“${t}”不在可选项中（${items.map((i) => i.text).join('、')}）`);
    else put(key, v);
  }
  const stateText = text('state');
  if (stateText) {
    const v = optionValue(INITIAL, stateText);
    if (v === undefined) problems.push(`状态“${stateText}”不正确，新学员只能是 ${INITIAL.map((s) => s.text).join('、')}`);
    else put('state', v);
  }

  for (const [key, label] of [
    ['phone', '学员电话'],
    ['parent_phone', '家长电话'],
  ] as const) {
    const t = text(key).replace(/[\s-]/g, '');
    if (!t) continue;
    if (!/^1\d{10}$/.test(t)) problems.push(`${label}“${text(key)}”不正确，应为11位手机号`);
    else put(key, t);
  }
  if (!text('parent_phone')) problems.push('家长电话不能为空');

  const idRaw = c.id_card;
  if (typeof idRaw === 'number' && idRaw > 1e15) problems.push('身份证号被Excel存成了数字（末几位已丢失），请把该列设为文本格式后重新填写');
  else if (text('id_card')) {
    const id = text('id_card').toUpperCase();
    const problem = idCardProblem(id);
    if (problem) problems.push(problem);
    else put('id_card', id);
  }

  const birthRaw = c.birthday;
  if (birthRaw !== undefined && birthRaw !== null && cellText(birthRaw) !== '') {
    const day = birthdayOf(birthRaw);
    if (!day) problems.push(`出生日期“${cellText(birthRaw)}”不是有效日期，格式如 2016-05-12`);
    else if (day > todayText()) problems.push('出生日期不能晚于今天');
    else if (day < '1900-01-01') problems.push('出生日期不能早于1900年');
    else if (typeof body.id_card === 'string' && idCardBirthday(body.id_card) !== day) problems.push('出生日期与身份证号中的出生日期不一致');
    else put('birthday', day);
  } else if (typeof body.id_card === 'string') {
    const day = idCardBirthday(body.id_card);
    if (day > todayText()) problems.push('身份证号中的出生日期晚于今天');
    else put('birthday', day);
  }

  put('parent_name', text('parent_name'));
  put('attend_school', text('attend_school'));
  put('remark', text('remark'));

  // the add call's own schema: lengths, patterns, required fields (each problem once)
  const parsed = problemsOf(addSchema, body, addLabels);
  if (!parsed.ok) for (const p of parsed.problems) if (!problems.includes(p)) problems.push(p);
  const cells = STUDENT_IMPORT_COLUMNS.map((col) => cellText(c[col.key]));
  return {
    row_no: row.row,
    cells,
    name: text('name').slice(0, 64) || '（未填写）',
    parent_phone: typeof body.parent_phone === 'string' ? body.parent_phone : text('parent_phone').slice(0, 32) || null,
    school_id: schoolId,
    body: problems.length === 0 && parsed.ok ? parsed.data : null,
    problems,
    note: null,
  };
}

/** The key of "the same child": name and one phone (a sibling has another name; a twin another ID number). */
function personKey(name: string, phone: string): string {
  return `${name}\u0000${phone}`;
}

function phonesOf(body: Record<string, unknown>): string[] {
  return [body.parent_phone, body.phone].filter((p): p is string => typeof p === 'string' && p !== '');
}

/** Refuses the later of two rows of the file that are the same child (same ID number, or same name and phone). */
export function refuseDuplicatesInFile(rows: CheckedRow[]): void {
  const byId = new Map<string, number>();
  const byPerson = new Map<string, number>();
  for (const r of rows) {
    if (!r.body) continue;
    const id = typeof r.body.id_card === 'string' ? r.body.id_card : undefined;
    const first = id ? byId.get(id) : undefined;
    if (first !== undefined) {
      r.problems.push(`与第${first}行的身份证号相同`);
      r.body = null;
      continue;
    }
    const same = phonesOf(r.body)
      .map((p) => byPerson.get(personKey(r.name, p)))
      .find((n) => n !== undefined);
    if (same !== undefined) {
      r.problems.push(`与第${same}行重复（学员姓名和电话相同）`);
      r.body = null;
      continue;
    }
    if (id) byId.set(id, r.row_no);
    for (const p of phonesOf(r.body)) byPerson.set(personKey(r.name, p), r.row_no);
  }
}

/**
 * Matches rows to students already there: a live student with the same ID number, or with the
 * same name and phone (the student's own, the primary contact's or any parent's) in the caller's
 * campuses. A matched student of the caller's campuses becomes the row's `target` (the row updates
 * it); an ID number held by a student outside them refuses the row without saying where (out of
 * scope is missing); a row matching several students, or the same student as an earlier row of
 * the file, is refused. With `refuseMatches` (the run re-checking rows to add) a match refuses the
 * row instead. Rows to add whose parent phone is already a parent of the row's campus are noted:
 * the child is linked to that parent (a sibling), not given a copy.
 */
export async function matchExisting(db: Db, principal: Principal, rows: CheckedRow[], prefix = '', refuseMatches = false): Promise<void> {
  const live = rows.filter((r) => r.body);
  if (live.length === 0) return;
  const scope = schoolScope(principal);
  const mine = (schoolId: number) => scope === undefined || scope.includes(schoolId);
  const ids = [...new Set(live.map((r) => r.body?.id_card).filter((v): v is string => typeof v === 'string'))];
  const byIdCard = new Map<string, { id: number; school_id: number }>();
  for (const part of chunk(ids, IN_LOOKUP)) {
    const hits = await db.selectFrom('student').select(['id', 'id_card', 'school_id']).where('id_card', 'in', part).where('del_flag', '=', 0).execute();
    for (const h of hits) if (h.id_card) byIdCard.set(h.id_card, { id: h.id, school_id: h.school_id });
  }
  const phones = [...new Set(live.flatMap((r) => phonesOf(r.body ?? {})))];
  const known = new Map<string, Set<number>>();
  const parents = new Map<string, string>();
  const note = (key: string, id: number) => {
    const set = known.get(key) ?? new Set<number>();
    set.add(id);
    known.set(key, set);
  };
  for (const part of chunk(phones, IN_LOOKUP)) {
    let own = db
      .selectFrom('student')
      .select(['id', 'name', 'phone', 'parent_phone'])
      .where('del_flag', '=', 0)
      .where((eb) => eb.or([eb('parent_phone', 'in', part), eb('phone', 'in', part)]));
    if (scope !== undefined) own = own.where('school_id', 'in', scope.length ? [...scope] : [-1]);
    for (const s of await own.execute()) {
      if (s.phone) note(personKey(s.name, s.phone), s.id);
      if (s.parent_phone) note(personKey(s.name, s.parent_phone), s.id);
    }
    let viaParent = db
      .selectFrom('stu_parent as p')
      .innerJoin('stu_parent_student as l', 'l.parent_id', 'p.id')
      .innerJoin('student as s', 's.id', 'l.student_id')
      .select(['s.id', 's.name', 'p.phone', 'p.name as parent_name', 'p.school_id'])
      .where('p.phone', 'in', part)
      .where('p.del_flag', '=', 0)
      .where('s.del_flag', '=', 0);
    if (scope !== undefined) viaParent = viaParent.where('p.school_id', 'in', scope.length ? [...scope] : [-1]).where('s.school_id', 'in', scope.length ? [...scope] : [-1]);
    for (const s of await viaParent.execute()) {
      note(personKey(s.name, s.phone), s.id);
      parents.set(`${s.school_id}\u0000${s.phone}`, s.parent_name);
    }
  }
  const claimedBy = new Map<number, number>();
  const refuse = (r: CheckedRow, msg: string) => {
    r.problems.push(`${prefix}${msg}`);
    r.body = null;
  };
  for (const r of live) {
    const body = r.body ?? {};
    const idCard = typeof body.id_card === 'string' ? body.id_card : undefined;
    const byId = idCard ? byIdCard.get(idCard) : undefined;
    const byPerson = new Set(phonesOf(body).flatMap((p) => [...(known.get(personKey(r.name, p)) ?? [])]));
    if (byId && !mine(byId.school_id)) {
      refuse(r, '身份证号已被其他学员使用');
      continue;
    }
    // the ID number decides; a different student with the same name and phone is then another child
    const targets = byId ? [byId.id] : [...byPerson];
    if (targets.length > 1) {
      refuse(r, `有${targets.length}名学员“${r.name}”使用该电话，无法确定更新哪一名，请填写身份证号`);
      continue;
    }
    const target = targets[0];
    if (target !== undefined && refuseMatches) {
      const phone = phonesOf(body)[0] ?? '';
      refuse(r, byId ? '身份证号已被其他学员使用' : `已有学员“${r.name}”（电话${maskFor(principal, 'phone', phone) ?? ''}），不重复导入`);
      continue;
    }
    if (target !== undefined) {
      const first = claimedBy.get(target);
      if (first !== undefined) {
        refuse(r, `与第${first}行是同一名已有学员`);
        continue;
      }
      claimedBy.set(target, r.row_no);
      r.target = target;
      continue;
    }
    const parent = parents.get(`${String(body.school_id)}\u0000${String(body.parent_phone)}`);
    if (parent) r.note = `家长“${parent}”已存在，将关联为同一家长`;
  }
}
