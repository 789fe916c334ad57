import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { scheduleJob, type LeasedJob } from '../../lib/job-lease';
import { addDays, nowText, todayText } from '../../lib/time';
import { sendUserMessages } from '../messages';
import { forfeitExpired, toHours } from './hours';
import './schema';

type Db = Kysely<Database>;

/** How many days before a line's validity ends its owner is warned. */
export const EXPIRY_WARNING_DAYS = 30;

/**
 * Warns the owner of every consumable line whose validity ends within EXPIRY_WARNING_DAYS of `today`
 * by a bell message (sendUserMessages): the student's 课程顾问, else the order's seller. Each line is
 * warned once per end date (order_line_expiry_notice, written with the message), so a later run, a
 * second process or a repeated day sends nothing again; a delay that moves the end date warns anew.
 * Answers the number of lines warned.
 */
export async function warnExpiringLines(db: Db, today: string): Promise<number> {
  const due = await db
    .selectFrom('order_contract_line as l')
    .innerJoin('student as s', 's.id', 'l.student_id')
    .leftJoin('order_form as o', 'o.id', 'l.order_id')
    .leftJoin('prod_class_type as t', 't.id', 'l.class_type_id')
    .select(['l.id', 'l.school_id', 'l.student_id', 'l.end_date', 'l.remaining_hours', 'l.contract_no', 's.name as student_name', 's.seller_id', 'o.seller_id as order_seller_id', 'o.order_no', 't.name as class_type_name'])
    .where('l.active', '=', 1)
    .where('l.remaining_hours', '>', 0)
    .where('l.end_date', '>=', today)
    .where('l.end_date', '<=', addDays(today, EXPIRY_WARNING_DAYS))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_line_expiry_notice as n').select('n.line_id').whereRef('n.line_id', '=', 'l.id').whereRef('n.end_date', '=', 'l.end_date'))))
    .orderBy('l.id')
    .execute();
  const now = nowText();
  for (const line of due) {
    const endDate = line.end_date ?? today;
    const owner = line.seller_id ?? line.order_seller_id ?? null;
    await db.insertInto('order_line_expiry_notice').values({ line_id: line.id, end_date: endDate, school_id: line.school_id, student_id: line.student_id, user_id: owner, warned_at: now }).execute();
    if (owner === null) continue;
    const what = `${line.class_type_name ?? '课程'}${line.contract_no ? `（合同 ${line.contract_no}）` : line.order_no ? `（订单 ${line.order_no}）` : ''}`;
    await sendUserMessages(db, {
      userIds: [owner],
      title: `课时即将到期：${line.student_name}`,
      content: `学员 ${line.student_name} 的${what}剩余 ${toHours(line.remaining_hours)} 课时，有效期至 ${endDate}，到期后未用课时将作废。请提醒学员尽快上课或办理延期。`,
      publisher: '系统',
    });
  }
  return due.length;
}

/**
 * Once a day, by whichever server process takes the day's lease (exactly once across processes
 * and machines): hours past their line's validity are forfeited (an explicit `forfeit` posting of
 * the hours and their money, never a silent change of a balance), and the owners of lines ending
 * within 30 days are warned.
 */
export const HOURS_EXPIRY_JOB: LeasedJob = {
  job: 'order_hours_expiry',
  everyMs: 86_400_000,
  work: async (trx) => {
    await runHoursExpiry(trx, todayText());
  },
};

/** The day's work of HOURS_EXPIRY_JOB for `today`: lines forfeited, lines warned. */
export async function runHoursExpiry(db: Db, today: string): Promise<{ forfeited: number; warned: number }> {
  const forfeited = await forfeitExpired(db, today, null);
  return { forfeited, warned: await warnExpiringLines(db, today) };
}

/** Starts the daily hour expiry in this server process (see server/lib/job-lease.ts). */
export function scheduleHoursExpiry(db: Kysely<Database>): () => void {
  return scheduleJob(db, HOURS_EXPIRY_JOB);
}
