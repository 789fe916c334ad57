import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import type { Principal } from '../../../lib/context';
import { ApiError } from '../../../lib/http';
import { inScope } from '../../../lib/scope';
import { nowText } from '../../../lib/time';
import { chunk } from '../../../lib/chunk';
import { diffRow, writeAudit } from '../../../lib/audit';
import { maskChanges } from '../../../lib/mask';
import { studentResource } from '../../../../src/contract/resources/students';
import { IMPORT_ROW_STATUS as STATUS, STUDENT_IMPORT_CHUNK, STUDENT_IMPORT_COLUMNS, type ImportSummary } from '../../../../src/contract/student-import';
import { campuses, convertRow, matchExisting, refuseDuplicatesInFile, type Campus, type CheckedRow } from './rows';
import { changeOf, parentPhones, storedStudents, type StudentChange } from './updates';
import { studentHooks } from '../student-rules';
import { updateRow, type ResourceCtx } from '../../../lib/resource-routes';
import type { SheetRow } from './sheet';
import '../schema';
import '../../classes';

type Db = Kysely<Database>;

/** Rows per INSERT statement (student rows have about thirty columns: well inside both databases' parameter limits). */
const INSERT_BATCH = 250;

/** The import of this id in the caller's campuses, or the plain missing record. */
export async function importInScope(db: Db, principal: Principal, id: number) {
  const row = await db.selectFrom('student_import').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw new ApiError(404, '导入记录不存在或无权访问');
  return row;
}

/** The import's figures with its chunks and the first chunk still to import. */
export async function summaryOf(db: Db, id: number): Promise<ImportSummary> {
  const row = await db.selectFrom('student_import').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const chunks = await db.selectFrom('student_import_row').select((eb) => eb.fn.max('chunk_no').as('last')).where('import_id', '=', id).executeTakeFirst();
  const next = await db
    .selectFrom('student_import_row')
    .select((eb) => eb.fn.min('chunk_no').as('first'))
    .where('import_id', '=', id)
    .where('status', 'in', [STATUS.pending, STATUS.pendingUpdate])
    .executeTakeFirst();
  const last = chunks?.last === null || chunks?.last === undefined ? -1 : Number(chunks.last);
  const first = next?.first === null || next?.first === undefined ? null : Number(next.first);
  return {
    id: row.id,
    file_name: row.file_name,
    school_id: row.school_id,
    total: row.total,
    accepted: row.accepted,
    refused: row.refused,
    imported: row.imported,
    updated: row.updated,
    unchanged: row.unchanged,
    state: row.state,
    chunks: last + 1,
    next_chunk: first,
  };
}

function campusIndex(list: readonly Campus[]): Map<string, Campus> {
  const map = new Map<string, Campus>();
  for (const c of list) {
    map.set(c.name, c);
    if (c.code) map.set(c.code, c);
  }
  return map;
}

/**
 * The dry run: every row of the sheet validated, duplicates in the file and against existing
 * students refused, the accepted rows numbered into chunks; stored as an import (state 待导入)
 * with each row's result. No student is written.
 */
export async function createImport(db: Db, principal: Principal, file: { name: string; attachmentId: number }, sheet: readonly SheetRow[], defaultSchoolId: number): Promise<ImportSummary> {
  const byName = campusIndex(await campuses(db));
  const rows = sheet.map((r) => convertRow(r, principal, byName, defaultSchoolId));
  refuseDuplicatesInFile(rows);
  await matchExisting(db, principal, rows);
  const change = await changesOf(db, principal, rows);
  let accepted = 0;
  let unchanged = 0;
  const chunkOf = new Map<CheckedRow, number>();
  for (const r of rows) {
    if (!r.body) continue;
    if (r.target !== undefined && (change.get(r)?.lines.length ?? 0) === 0) unchanged++;
    else chunkOf.set(r, Math.floor(accepted++ / STUDENT_IMPORT_CHUNK));
  }
  const now = nowText();
  const stamp = { created_at: now, updated_at: now, created_by: principal.userId, updated_by: principal.userId };
  const saved = await db
    .insertInto('student_import')
    .values({
      school_id: defaultSchoolId,
      file_name: file.name.slice(0, 128),
      attachment_id: file.attachmentId,
      total: rows.length,
      accepted,
      refused: rows.length - accepted - unchanged,
      imported: 0,
      updated: 0,
      unchanged,
      state: accepted === 0 ? 3 : 1,
      operator_name: principal.name.slice(0, 64),
      finished_at: accepted === 0 ? now : null,
      ...stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const part of chunk(rows, INSERT_BATCH)) {
    await db
      .insertInto('student_import_row')
      .values(
        part.map((r) => {
          const ch = change.get(r);
          const result = rowResult(r, ch);
          return {
            import_id: saved.id,
            row_no: r.row_no,
            chunk_no: chunkOf.get(r) ?? null,
            status: result.status,
            school_id: r.school_id,
            name: r.name.slice(0, 64),
            parent_phone: r.parent_phone?.slice(0, 32) ?? null,
            msg: result.msg.slice(0, 500),
            // a row updating a student keeps only what it changes: the run applies exactly that
            body: r.body ? JSON.stringify(ch ? ch.changes : r.body) : null,
            cells: JSON.stringify(r.cells),
            student_id: r.target ?? null,
            ...stamp,
          };
        }),
      )
      .execute();
  }
  return summaryOf(db, saved.id);
}

const BIRTHDAY_CELL = STUDENT_IMPORT_COLUMNS.findIndex((c) => c.key === 'birthday');

/** The dry run's word on a row. */
function rowResult(r: CheckedRow, ch: StudentChange | undefined): { status: number; msg: string } {
  if (!r.body) return { status: STATUS.refused, msg: r.problems.join('；') };
  if (r.target === undefined) return { status: STATUS.pending, msg: r.note ? `将新增学员；${r.note}` : '将新增学员' };
  if (!ch || ch.lines.length === 0) return { status: STATUS.unchanged, msg: '已有学员，无变化' };
  return { status: STATUS.pendingUpdate, msg: `将更新已有学员：${ch.lines.join('；')}` };
}

/**
 * The change each row matched to an existing student would make, against the stored student;
 * a row the update call would refuse (e.g. a state the life cycle does not allow) is refused here.
 */
async function changesOf(db: Db, principal: Principal, rows: CheckedRow[], prefix = ''): Promise<Map<CheckedRow, StudentChange>> {
  const out = new Map<CheckedRow, StudentChange>();
  const matched = rows.filter((r) => r.body && r.target !== undefined);
  if (matched.length === 0) return out;
  const ids = matched.map((r) => r.target as number);
  const stored = await storedStudents(db, ids);
  const phones = await parentPhones(db, ids);
  for (const r of matched) {
    const student = stored.get(r.target as number);
    if (!student || !inScope(principal, student.school_id)) {
      r.problems.push(`${prefix}学员不存在或无权访问`);
      r.body = null;
      continue;
    }
    // a birth date the file left empty (taken from the ID number for a new student) keeps the stored one
    const body = { ...r.body };
    if (r.cells.length > 0 && !r.cells[BIRTHDAY_CELL]) delete body.birthday;
    try {
      out.set(r, changeOf(principal, student, phones.get(student.id), body));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      r.problems.push(`${prefix}已有学员“${r.name}”不能更新：${e.message}`);
      r.body = null;
    }
  }
  return out;
}

interface ParentInfo {
  id: number | null;
  name: string;
  relation: number;
}

/**
 * Imports one chunk of an import, in the request's transaction. The chunk's rows still to import
 * are claimed first (status 1 → 2 in one UPDATE): a chunk sent again, or by two tabs at once,
 * finds nothing left to claim and adds nobody. Each claimed row is checked again (campus in the
 * caller's scope, no student with its ID number or its name and phone added since the dry run),
 * then the students, their parents (one per campus and phone: a sibling's parent is reused) and
 * the links are written as the add call writes them, with one audit entry for the chunk.
 * Rows updating an existing student are claimed the same way (4 → 5) and applied through the
 * student update call's own code path (updateRow with the student hooks: validation, ID number,
 * life cycle, parent linking, audit), their change computed again against the stored student so
 * that what is already there is reported 无变化 and never applied twice. `request` is the call's
 * context when there is one (the demo seed has none; the declared update reads only db, principal and def).
 */
export async function runChunk(
  db: Db,
  principal: Principal,
  importId: number,
  chunkNo: number,
  request?: Context<AppEnv>,
): Promise<ImportSummary & { chunk_imported: number; chunk_updated: number; chunk_unchanged: number; chunk_refused: number }> {
  await importInScope(db, principal, importId);
  const now = nowText();
  const userId = principal.userId;
  const claimed = await db
    .updateTable('student_import_row')
    .set({ status: STATUS.imported, updated_at: now, updated_by: userId })
    .where('import_id', '=', importId)
    .where('chunk_no', '=', chunkNo)
    .where('status', '=', STATUS.pending)
    .returning(['id', 'row_no', 'name', 'parent_phone', 'school_id', 'body', 'cells'])
    .execute();
  const rows: (CheckedRow & { rowId: number })[] = claimed.map((c) => ({
    rowId: c.id,
    row_no: c.row_no,
    cells: [],
    name: c.name,
    parent_phone: c.parent_phone,
    school_id: c.school_id,
    body: c.body ? (JSON.parse(c.body) as Record<string, unknown>) : null,
    problems: [],
    note: null,
  }));
  for (const r of rows) {
    if (r.body && !inScope(principal, Number(r.body.school_id))) {
      r.problems.push('导入时发现：校区不存在或无权导入');
      r.body = null;
    }
  }
  await matchExisting(db, principal, rows, '导入时发现：', true);
  const good = rows.filter((r) => r.body);
  const updates = await applyUpdates(db, principal, importId, chunkNo, request);
  const refused = rows.filter((r) => !r.body);
  const refusedCount = refused.length + updates.refused.length;

  // parents of the chunk's campus and phone: the existing one, else one new for all its children here
  const parents = new Map<string, ParentInfo>();
  const keyOf = (b: Record<string, unknown>) => `${String(b.school_id)}\u0000${String(b.parent_phone)}`;
  for (const part of chunk([...new Set(good.map((r) => String(r.body?.parent_phone)))], 400)) {
    const found = await db
      .selectFrom('stu_parent')
      .select(['id', 'name', 'relation', 'phone', 'school_id'])
      .where('phone', 'in', part)
      .where('school_id', 'in', [...new Set(good.map((r) => Number(r.body?.school_id)))])
      .where('del_flag', '=', 0)
      .orderBy('id')
      .execute();
    for (const p of found) if (!parents.has(`${p.school_id}\u0000${p.phone}`)) parents.set(`${p.school_id}\u0000${p.phone}`, { id: p.id, name: p.name, relation: p.relation });
  }
  for (const r of good) {
    const b = r.body ?? {};
    if (!parents.has(keyOf(b))) parents.set(keyOf(b), { id: null, name: String(b.parent_name ?? '').trim() || `${String(b.name)}家长`, relation: Number(b.parent_relation ?? 7) });
  }

  const stamp = { created_at: now, updated_at: now, created_by: userId, updated_by: userId };
  const studentOf = new Map<string, number>();
  const created: Record<string, unknown>[] = [];
  for (const part of chunk(good, INSERT_BATCH)) {
    const values = part.map((r) => {
      const b = r.body ?? {};
      const parent = parents.get(keyOf(b)) as ParentInfo;
      return {
        ...b,
        school_id: Number(b.school_id),
        name: String(b.name),
        state: b.state === undefined ? 1 : Number(b.state),
        parent_name: parent.name,
        parent_relation: parent.relation,
        parent_phone: String(b.parent_phone),
        integral: 0,
        is_exempt: 0,
        del_flag: 0,
        ...stamp,
      };
    });
    const saved = await db.insertInto('student').values(values).returningAll().execute();
    for (const s of saved) {
      studentOf.set(`${s.school_id}\u0000${s.name}\u0000${String(s.parent_phone)}`, s.id);
      created.push(s as unknown as Record<string, unknown>);
    }
  }
  const studentIdOf = (b: Record<string, unknown>) => studentOf.get(`${Number(b.school_id)}\u0000${String(b.name)}\u0000${String(b.parent_phone)}`) as number;

  // new parents (their first child here is the record's student), then every child's link
  const newParents = [...parents.entries()].filter(([, p]) => p.id === null);
  for (const part of chunk(newParents, INSERT_BATCH)) {
    const firstChild = (key: string) => good.find((r) => keyOf(r.body ?? {}) === key)?.body ?? {};
    const saved = await db
      .insertInto('stu_parent')
      .values(
        part.map(([key, p]) => {
          const child = firstChild(key);
          return {
            school_id: Number(child.school_id),
            name: p.name,
            relation: p.relation,
            phone: String(child.parent_phone),
            student_id: studentIdOf(child),
            is_primary: 1,
            occupation: null,
            wechat: null,
            remark: null,
            del_flag: 0,
            ...stamp,
          };
        }),
      )
      .returning(['id', 'school_id', 'phone'])
      .execute();
    for (const s of saved) (parents.get(`${s.school_id}\u0000${s.phone}`) as ParentInfo).id = s.id;
  }
  for (const part of chunk(good, INSERT_BATCH)) {
    await db
      .insertInto('stu_parent_student')
      .values(part.map((r) => ({ school_id: Number(r.body?.school_id), student_id: studentIdOf(r.body ?? {}), parent_id: (parents.get(keyOf(r.body ?? {})) as ParentInfo).id as number, is_primary: 1, ...stamp })))
      .execute();
  }

  for (const r of good) {
    await db.updateTable('student_import_row').set({ student_id: studentIdOf(r.body ?? {}), msg: '已导入' }).where('id', '=', r.rowId).execute();
  }
  for (const r of refused) {
    await db
      .updateTable('student_import_row')
      .set({ status: STATUS.refused, msg: r.problems.join('；').slice(0, 500), chunk_no: null })
      .where('id', '=', r.rowId)
      .execute();
  }
  const left = await db.selectFrom('student_import_row').select('id').where('import_id', '=', importId).where('status', 'in', [STATUS.pending, STATUS.pendingUpdate]).limit(1).executeTakeFirst();
  await db
    .updateTable('student_import')
    .set((eb) => ({
      imported: eb('imported', '+', good.length),
      updated: eb('updated', '+', updates.updated),
      unchanged: eb('unchanged', '+', updates.unchanged),
      accepted: eb('accepted', '-', refusedCount + updates.unchanged),
      refused: eb('refused', '+', refusedCount),
      state: left ? 2 : 3,
      finished_at: left ? null : now,
      updated_at: now,
      updated_by: userId,
    }))
    .where('id', '=', importId)
    .execute();
  if (created.length > 0) {
    await writeAudit(db, principal, {
      area: 'students',
      call: 'student_import/run',
      title: '导入学员（新增学员）',
      table: 'student',
      ids: created.map((s) => Number(s.id)),
      // as every declared write: the log keeps phones and ID numbers masked
      changes: maskChanges(studentResource, created.map((s) => diffRow(Number(s.id), null, s))),
    });
  }
  return { ...(await summaryOf(db, importId)), chunk_imported: good.length, chunk_updated: updates.updated, chunk_unchanged: updates.unchanged, chunk_refused: refusedCount };
}

/**
 * The chunk's rows updating existing students: claimed (4 → 5) so a resent chunk finds none, each
 * change computed again against the stored student and applied as student/update applies it.
 * A row whose change is already there becomes 无变化; one the update call refuses becomes 拒绝.
 */
async function applyUpdates(db: Db, principal: Principal, importId: number, chunkNo: number, request: Context<AppEnv> | undefined): Promise<{ updated: number; unchanged: number; refused: CheckedRow[] }> {
  const now = nowText();
  const claimed = await db
    .updateTable('student_import_row')
    .set({ status: STATUS.updated, updated_at: now, updated_by: principal.userId })
    .where('import_id', '=', importId)
    .where('chunk_no', '=', chunkNo)
    .where('status', '=', STATUS.pendingUpdate)
    .returning(['id', 'row_no', 'name', 'parent_phone', 'school_id', 'body', 'student_id'])
    .execute();
  const rows = claimed.map((r) => ({
    rowId: r.id,
    row_no: r.row_no,
    cells: [],
    name: r.name,
    parent_phone: r.parent_phone,
    school_id: r.school_id,
    body: r.body ? (JSON.parse(r.body) as Record<string, unknown>) : {},
    problems: [] as string[],
    note: null,
    target: r.student_id ?? undefined,
  }));
  const change = await changesOf(db, principal, rows, '导入时发现：');
  // the declared update reads db, principal and def only; the request is passed on when there is one
  const ctx: ResourceCtx = { c: request as Context<AppEnv>, db, principal, def: studentResource };
  let updated = 0;
  let unchanged = 0;
  const refused: CheckedRow[] = [];
  for (const r of rows) {
    const ch = change.get(r);
    if (!r.body || !ch) {
      refused.push(r);
      await db.updateTable('student_import_row').set({ status: STATUS.refused, msg: r.problems.join('；').slice(0, 500), chunk_no: null }).where('id', '=', r.rowId).execute();
      continue;
    }
    if (ch.lines.length === 0) {
      unchanged++;
      await db.updateTable('student_import_row').set({ status: STATUS.unchanged, msg: '已有学员，无变化' }).where('id', '=', r.rowId).execute();
      continue;
    }
    try {
      await updateRow(ctx, studentHooks, { id: r.target, ...ch.changes });
    } catch (e) {
      // the update call's refusals come before its write (e.g. an ID number taken since the dry run)
      if (!(e instanceof ApiError)) throw e;
      r.problems.push(`导入时发现：已有学员“${r.name}”不能更新：${e.message}`);
      refused.push(r);
      await db.updateTable('student_import_row').set({ status: STATUS.refused, msg: r.problems.join('；').slice(0, 500), chunk_no: null }).where('id', '=', r.rowId).execute();
      continue;
    }
    updated++;
    await db.updateTable('student_import_row').set({ msg: `已更新：${ch.lines.join('；')}`.slice(0, 500) }).where('id', '=', r.rowId).execute();
  }
  return { updated, unchanged, refused };
}
