import type { Context, Hono } from 'hono';
import {
  attractTrafficResource,
  freezeOffResource,
  freezeResource,
  integralLogResource,
  kwAnalysisResource,
  parentResource,
  rzIntegralResource,
  scoreResource,
  stopApplyResource,
  studentResource,
  teacherScoreResource,
  textbookResource,
} from '../../../src/contract/resources/students';
import { studentImportResource } from '../../../src/contract/resources/students-import';
import { bodySchema } from '../../../src/contract/resource';
import type { AppDeps, AppEnv } from '../../lib/context';
import { addRow, labelsOf, mountResource, runAction, type ResourceHooks, type Row } from '../../lib/resource-routes';
import { check } from '../../lib/validate';
import { studentHooks, studentSchool } from './student-rules';
import { parentHooks } from './parents';
import { integralLogHooks, registerIntegral } from './integral';
import { freezeOffHooks, registerFreeze } from './freeze';
import { registerStop, stopHooks } from './stop';
import { registerLookups } from './lookups';
import { registerImport } from './import/routes';
import './phone-change';
import { partakersRead } from '../workflow';
import './schema';

/** Records hanging on a student take the student's campus, whatever the body says. */
const onStudent: ResourceHooks = {
  schoolOf: studentSchool,
  async beforeWrite(ctx, row, _mode, existing) {
    const id = Number(row.student_id ?? existing?.student_id);
    const student = await ctx.db.selectFrom('student').select('school_id').where('id', '=', id).executeTakeFirstOrThrow();
    row.school_id = student.school_id;
  },
};

/** The students area (spec doc 001 §7 "Students"): students, parents, points, freezes, stops, scores. */
export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  mountResource(app, studentResource, studentHooks);
  mountResource(app, parentResource, parentHooks);
  mountResource(app, integralLogResource, integralLogHooks);
  // an approver of another campus reads the freeze of their task (ref_type student_freeze)
  mountResource(app, freezeResource, { readsOutOfScope: partakersRead('student_freeze') });
  mountResource(app, freezeOffResource, freezeOffHooks);
  mountResource(app, stopApplyResource, stopHooks);
  for (const def of [attractTrafficResource, textbookResource, rzIntegralResource, kwAnalysisResource, scoreResource, teacherScoreResource]) mountResource(app, def, onStudent);
  registerIntegral(app);
  registerFreeze(app);
  registerStop(app);
  registerLookups(app);
  mountResource(app, studentImportResource);
  registerImport(app, deps);
}

// ---------------------------------------------------------------------------------------------
// Public module: what other areas (orders, marketing, finance, classes) may call.
// ---------------------------------------------------------------------------------------------

export { studentInScope, assertTransition, stateText } from './student-rules';
export { studentInView } from './views';
export { postPoints, reversePoints, integralMismatches, integralMismatchRows, type PointsKind } from './integral';
export { isFrozenOn, frozenSpans, decideFreeze, type FrozenSpan } from './freeze';
export { parentByPhone } from './parents';
export { moveStudentToCampus } from './move-campus';

function ctxOf(c: Context<AppEnv>) {
  return { c, db: c.var.db, principal: c.var.principal, def: studentResource };
}

/**
 * Adds a student as student/add does (validation, campus, ID number, state, primary parent,
 * audit), inside the caller's request transaction: a lead becoming a student, an order for a new
 * child. The body is the add call's.
 */
export async function createStudent(c: Context<AppEnv>, body: Record<string, unknown>): Promise<Row> {
  const parsed = check(bodySchema(studentResource, 'add'), body, labelsOf(studentResource));
  return addRow(ctxOf(c), studentHooks, parsed);
}

/** Changes a student's state as student/change_state does (the life cycle is checked), e.g. 退费 after a refund. */
export async function changeStudentState(c: Context<AppEnv>, ids: readonly number[], state: number): Promise<void> {
  const action = studentResource.actions?.find((a) => a.name === 'change_state');
  if (!action) throw new Error('student change_state is not declared');
  await runAction(ctxOf(c), studentHooks, action, { ids: [...ids], state });
}
export { studentsBornOn, type BornOnRow } from './birthdays';
/** The Excel import's own steps (the demo seed imports its demo files through them). */
export { createImport, runChunk } from './import/run';
export type { SheetRow } from './import/sheet';
