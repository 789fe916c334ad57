import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';

/**
 * Applies that need an approval (freeze, stop class) start one here. The workflow engine
 * (server/modules/workflow) is not on main yet: until it is, no instance is created (null) and the
 * apply waits for its own check call (check_freeze, student_stop_apply/check), which carries the
 * state. Wiring the engine is this one function plus its approval callback.
 */
export interface ApprovalRequest {
  refType: 'student_freeze' | 'student_stop_apply';
  refId: number;
  title: string;
  schoolId: number;
}

export async function startApproval(_db: Kysely<Database>, _principal: Principal, _req: ApprovalRequest): Promise<number | null> {
  return null;
}
