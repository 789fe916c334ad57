import type { Principal } from '../../lib/context';
import { grantLine, postHours, reverseHours, toHundredths } from '../orders';
import { roundHours, stamps, type Db } from './common';
import type { LazyText } from '../../lib/lazy-text';

/**
 * Lesson hours of the classes area on the orders area's ledger (docs/orders.md): a consuming mark
 * posts a consumption against the contract line that expires soonest, a changed or undone mark
 * reverses exactly what its check-in posted. student_class_type stays the balance the screens
 * read; the ledger functions move it in the same transaction (npm run ledger:check proves it).
 */

/** The business record a check-in's postings name. */
export const CHECK_IN_REF = 'check_in';

/**
 * Moves a check-in's hours from what it took (`held`) to what its mark takes now (`wanted`): the
 * old consumption is reversed and the new one posted; equal hours post nothing. A refusal is 409
 * '课时不足：<学员> 剩余 X 课时'. Answers the student's hours left when a consumption was posted
 * (the last change of the balance), else undefined.
 */
export async function moveCheckInHours(
  db: Db,
  principal: Pick<Principal, 'userId'>,
  checkIn: { id: number; student_id: number; class_type_id: number; lesson_date: string },
  held: number,
  wanted: number,
  /** for 课时不足 (or read only when that message needs it) */
  studentName: LazyText,
  reason: string,
): Promise<number | undefined> {
  if (roundHours(held) === roundHours(wanted)) return undefined;
  if (held > 0) {
    const restored = await reverseHours(db, { refType: CHECK_IN_REF, refId: checkIn.id, reason, by: principal.userId });
    // a check-in recorded before the ledger took its hours from the balance alone: they come back as an opening line
    const missing = toHundredths(held) - restored;
    if (missing > 0) {
      const student = await db.selectFrom('student').select('school_id').where('id', '=', checkIn.student_id).executeTakeFirstOrThrow();
      await grantLine(db, { schoolId: student.school_id, studentId: checkIn.student_id, classTypeId: checkIn.class_type_id, source: 'opening', boughtHours: missing, by: principal.userId });
    }
  }
  if (wanted > 0) {
    const taken = await postHours(db, {
      studentId: checkIn.student_id,
      classTypeId: checkIn.class_type_id,
      hours: toHundredths(wanted),
      refType: CHECK_IN_REF,
      refId: checkIn.id,
      by: principal.userId,
      day: checkIn.lesson_date,
      studentName,
    });
    return taken.remainingAfter;
  }
  return undefined;
}

export async function currentHours(db: Db, studentId: number, classTypeId: number): Promise<number> {
  const row = await db
    .selectFrom('student_class_type')
    .select('remaining_hours')
    .where('student_id', '=', studentId)
    .where('class_type_id', '=', classTypeId)
    .executeTakeFirst();
  return roundHours(Number(row?.remaining_hours ?? 0));
}

/**
 * Hours given on enrolment (报班赠送): a contract line of its own, credited on the ledger; the
 * balance row is created even for none, as the class screens list it.
 */
export async function grantHours(db: Db, principal: Principal | null, schoolId: number, studentId: number, classTypeId: number, hours: number): Promise<void> {
  if (hours > 0) {
    await grantLine(db, { schoolId, studentId, classTypeId, source: 'grant', boughtHours: toHundredths(hours), by: principal?.userId ?? null });
    return;
  }
  if (await hasBalance(db, studentId, classTypeId)) return;
  await db.insertInto('student_class_type').values({ school_id: schoolId, student_id: studentId, class_type_id: classTypeId, total_hours: 0, remaining_hours: 0, ...stamps(principal) }).execute();
}

export async function hasBalance(db: Db, studentId: number, classTypeId: number): Promise<boolean> {
  const row = await db.selectFrom('student_class_type').select('id').where('student_id', '=', studentId).where('class_type_id', '=', classTypeId).executeTakeFirst();
  return row !== undefined;
}
