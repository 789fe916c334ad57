import type { DeclaredTable } from '../../../db/schema';
import type * as F from '../../../../src/contract/resources/marketing-funnel';

/**
 * Tables of the funnel after the lead (invitations, visits, trial lessons and their students,
 * activities, acquiring tables, network detail), typed from their declarations
 * (resources/marketing-funnel.ts). The second argument names the columns the server always writes.
 */
declare module '../../../db/schema' {
  interface Database {
    mkt_invite_visit: DeclaredTable<typeof F.inviteVisitResource, 'state'>;
    mkt_student_visit: DeclaredTable<typeof F.studentVisitResource>;
    mkt_trial_lesson: DeclaredTable<typeof F.trialLessonResource, 'booked_count' | 'state'>;
    mkt_trial_lesson_student: DeclaredTable<typeof F.trialStudentResource, 'state'>;
    mkt_activity: DeclaredTable<typeof F.activityResource>;
    mkt_acquiring_table: DeclaredTable<typeof F.acquiringTableResource>;
    mkt_network_detail: DeclaredTable<typeof F.networkDetailResource>;
  }
}
