import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { createInstance, instanceOf, WF_STATES } from '../workflow';

/**
 * Applies that need an approval (freeze, stop class) go through the workflow engine: an instance
 * tied to the apply (ref_type/ref_id) with the definition of its business kind (tag `freeze`,
 * `stop_class`; 流程管理 sets them). Its outcome is applied by the handlers registered in
 * freeze.ts and stop.ts. Where no definition of the kind is enabled, no instance is made (null)
 * and the apply waits for its own check call (check_freeze, student_stop_apply/check).
 */
export interface ApprovalRequest {
  refType: 'student_freeze' | 'student_stop_apply';
  tag: 'freeze' | 'stop_class';
  refId: number;
  title: string;
  schoolId: number;
  form: Readonly<Record<string, unknown>>;
  snapshot?: unknown;
}

export async function startApproval(db: Kysely<Database>, principal: Principal, req: ApprovalRequest): Promise<number | null> {
  try {
    const { instanceId } = await createInstance(db, { refType: req.refType, refId: req.refId, tag: req.tag, schoolId: req.schoolId, applicantId: principal.userId, form: req.form, title: req.title, snapshot: req.snapshot });
    return instanceId;
  } catch (e) {
    // no enabled definition of this kind: the apply's own check call decides
    if (e instanceof ApiError && e.code === 404) return null;
    throw e;
  }
}

/** Refuses a direct check of an apply whose approval runs in the workflow (decided in 待办审批). */
export async function assertNotInWorkflow(db: Kysely<Database>, refType: ApprovalRequest['refType'], refId: number): Promise<void> {
  const inst = await instanceOf(db, refType, refId);
  if (inst && inst.state === WF_STATES.RUNNING) throw new ApiError(409, '该申请正在审批流程中，请在审批待办中处理');
}
