import { sql } from 'kysely';
import type { Hono } from 'hono';
import { customerResource } from '../../../src/contract/resources/crm';
import type { AppEnv } from '../../lib/context';
import { mountResource } from '../../lib/resource-routes';

/**
 * 客户列表 / 积分管理: the declared read-only view of the student table (crm_customer/page, get), with
 * each customer's points earned and used and their complaints. Earned and used leave out every
 * 冲正 pair (the mistaken row and its reversal), so earned − used is the balance. The sums read
 * the students area's points ledger and the teaching area's 客诉工单 by the customer's id, inside
 * the page query (one statement, the page's own campus scope already applied to the customers).
 */
const live = sql`l.reverses_id is null and not exists (select 1 from student_integral_log r where r.reverses_id = l.id)`;

export function registerCustomers(app: Hono<AppEnv>): void {
  mountResource(app, customerResource, {
    extendPage(qb) {
      return qb.select([
        sql<number>`coalesce((select sum(l.points) from student_integral_log l where l.student_id = student.id and l.points > 0 and ${live}), 0)`.as('earned'),
        sql<number>`coalesce((select -sum(l.points) from student_integral_log l where l.student_id = student.id and l.points < 0 and ${live}), 0)`.as('used'),
        sql<string | null>`(select max(l.created_at) from student_integral_log l where l.student_id = student.id)`.as('last_points_at'),
        sql<number>`(select count(*) from crm_complaints_repair_order c where c.student_id = student.id)`.as('complaints'),
      ]);
    },
    mapRow(row) {
      return { ...row, earned: Number(row.earned ?? 0), used: Number(row.used ?? 0), complaints: Number(row.complaints ?? 0) };
    },
  });
}
