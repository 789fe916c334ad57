import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** How an instance ended. */
export type Outcome = 'approved' | 'refused' | 'recalled' | 'interrupted';

/** What an area's outcome handler receives: the ended instance and the caller's transaction. */
export interface OutcomeEvent {
  db: Kysely<Database>;
  outcome: Outcome;
  /** who made the last step (null: the system) */
  actorId: number | null;
  instance: {
    id: number;
    ref_type: string;
    ref_id: number | null;
    school_id: number | null;
    applicant_id: number;
    form: Record<string, unknown>;
    snapshot: unknown;
  };
}

export type OutcomeHandler = (event: OutcomeEvent) => Promise<void> | void;

const handlers = new Map<string, OutcomeHandler>();

/**
 * Registers the handler an area runs when an instance of its `refType` ends. It runs inside the
 * transaction of the last step: throwing an ApiError refuses that step and nothing is written.
 * One handler per refType; registering again replaces it (a module loaded twice in tests).
 */
export function registerOutcome(refType: string, handler: OutcomeHandler): void {
  handlers.set(refType, handler);
}

export async function runOutcome(db: Kysely<Database>, instance: OutcomeEvent['instance'], outcome: Outcome, actorId: number | null): Promise<void> {
  const handler = handlers.get(instance.ref_type);
  if (handler) await handler({ db, outcome, actorId, instance });
}

/** What an area's apply check receives: the application about to start, in the caller's transaction. */
export interface ApplyCheckEvent {
  db: Kysely<Database>;
  refType: string;
  refId: number | null;
  schoolId: number | null;
  applicantId: number;
  /** the form, already checked against the definition's fields */
  form: Readonly<Record<string, unknown>>;
  /**
   * Ties an application that names no record (one from a generic application screen) to the
   * business record the check has just written in the same transaction: the instance then has
   * this `refType` and `refId`, and that refType's outcome handler decides it.
   */
  bind(refType: string, refId: number): void;
}

export type ApplyCheck = (event: ApplyCheckEvent) => Promise<Record<string, unknown>> | Record<string, unknown>;

const checks = new Map<string, ApplyCheck>();

/**
 * Registers the check an area runs when an application of its `refType` starts (also one made
 * from a generic application screen, which names no record): it answers the form to store (e.g.
 * with the record's id it found) or throws an ApiError, and nothing is started. It may write its
 * own record and `bind` the application to it. One per refType.
 */
export function registerApplyCheck(refType: string, check: ApplyCheck): void {
  checks.set(refType, check);
}

export async function runApplyCheck(event: ApplyCheckEvent): Promise<Record<string, unknown>> {
  const check = checks.get(event.refType);
  return check ? check(event) : { ...event.form };
}
