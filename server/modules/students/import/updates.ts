import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Principal } from '../../../lib/context';
import { ApiError } from '../../../lib/http';
import { chunk } from '../../../lib/chunk';
import { maskFor } from '../../../lib/mask';
import { problemsOf } from '../../../lib/validate';
import { labelsOf } from '../../../lib/resource-routes';
import { bodySchema } from '../../../../src/contract/resource';
import { GENDERS, GRADES, PARENT_RELATIONS, STUDENT_SOURCES, STUDENT_STATES, studentResource } from '../../../../src/contract/resources/students';
import { assertTransition } from '../student-rules';
import '../schema';

type Db = Kysely<Database>;

/** A stored student as the diff reads it. */
export type StoredStudent = Record<string, unknown> & { id: number; school_id: number };

/** What a row would do to the existing student it matched: the changed fields (the update call's body without id) and their old → new text. */
export interface StudentChange {
  changes: Record<string, unknown>;
  lines: string[];
}

const updateSchema = bodySchema(studentResource, 'update');
const labels = labelsOf(studentResource);
const OPTIONS: Record<string, readonly { value: number | string; text: string }[]> = {
  gender: GENDERS,
  grade: GRADES,
  parent_relation: PARENT_RELATIONS,
  source: STUDENT_SOURCES,
  state: STUDENT_STATES,
};
const MASKED: Record<string, 'phone' | 'id_card'> = { phone: 'phone', parent_phone: 'phone', id_card: 'id_card' };
/** The import never moves a student to another campus (that is 转校区, with its own rules); the parent's name and relation go with a new parent phone. */
const SKIPPED = new Set(['school_id', 'parent_name', 'parent_relation']);
const IN_LOOKUP = 400;

function shown(principal: Principal, key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '空';
  const items = OPTIONS[key];
  if (items) return items.find((i) => String(i.value) === String(v))?.text ?? String(v);
  const kind = MASKED[key];
  return kind ? (maskFor(principal, kind, String(v)) ?? '') : String(v);
}

/** Students of these ids (not deleted) by id. */
export async function storedStudents(db: Db, ids: readonly number[]): Promise<Map<number, StoredStudent>> {
  const out = new Map<number, StoredStudent>();
  for (const part of chunk([...new Set(ids)], IN_LOOKUP)) {
    const rows = await db.selectFrom('student').selectAll().where('id', 'in', part).where('del_flag', '=', 0).execute();
    for (const r of rows) out.set(r.id, r as unknown as StoredStudent);
  }
  return out;
}

/** The phones of each student's live parents (a phone already one of them adds no parent). */
export async function parentPhones(db: Db, ids: readonly number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  for (const part of chunk([...new Set(ids)], IN_LOOKUP)) {
    const rows = await db
      .selectFrom('stu_parent_student as l')
      .innerJoin('stu_parent as p', 'p.id', 'l.parent_id')
      .select(['l.student_id', 'p.phone'])
      .where('l.student_id', 'in', part)
      .where('p.del_flag', '=', 0)
      .execute();
    for (const r of rows) {
      const set = out.get(r.student_id) ?? new Set<string>();
      set.add(r.phone);
      out.set(r.student_id, set);
    }
  }
  return out;
}

/**
 * What the row's non-empty cells would change on the stored student (empty cells keep the stored
 * value), checked with the update call's schema and its life-cycle rule; throws ApiError with the
 * Chinese reason when the update call would refuse it. A parent phone not yet among the student's
 * parents is a change (it is linked as the add path links parents), one already there is none.
 */
export function changeOf(principal: Principal, stored: StoredStudent, phones: ReadonlySet<string> | undefined, body: Record<string, unknown>): StudentChange {
  const changes: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (SKIPPED.has(key) || value === undefined || value === null || value === '') continue;
    if (key === 'parent_phone') {
      if (phones?.has(String(value)) || String(stored.parent_phone ?? '') === String(value)) continue;
      changes.parent_phone = value;
      for (const k of ['parent_name', 'parent_relation']) if (body[k] !== undefined && body[k] !== '') changes[k] = body[k];
      lines.push(`新增家长电话${shown(principal, key, value)}`);
      continue;
    }
    if (String(stored[key] ?? '') === String(value)) continue;
    changes[key] = value;
    lines.push(`${labels[key] ?? key}：${shown(principal, key, stored[key])} → ${shown(principal, key, value)}`);
  }
  if (changes.state !== undefined) assertTransition(stored.state, Number(changes.state));
  if (lines.length > 0) {
    const parsed = problemsOf(updateSchema, { id: stored.id, ...changes }, labels);
    if (!parsed.ok) throw new ApiError(400, parsed.problems.join('；'));
  }
  return { changes, lines };
}
