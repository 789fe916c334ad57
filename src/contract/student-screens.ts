/**
 * Screens (menu codes) of the students area: what its reads name (server/modules/read-menus.ts).
 * Without the area's zod schemas (./students re-exports it): the app's screen registry reads it
 * through ./student-views before any screen (issue 11, offline cold start).
 */

export const STUDENT_SCREEN = {
  all: 'students_student',
  existing: 'students_existing',
  old: 'students_old',
  overdue: 'students_overdue',
  refund: 'students_refund',
  stayOpen: 'students_stay_open',
  unusual: 'students_unusual',
  warmUp: 'students_warm_up',
  conclusionLoss: 'students_conclusion_loss',
  material: 'students_material',
  aiCustomer: 'students_ai_customer',
  runNonCourse: 'students_run_non_course',
  searchList: 'students_search_list',
  myEntered: 'students_my_entered',
  attract: 'students_attract',
  transfer: 'students_transfer',
  integral: 'students_integral',
  freeze: 'students_freeze',
  parent: 'students_parent',
  /** 老学员赠品: a view of 学员赠品 (orders), src/contract/gift-views.ts */
  oldStudentGift: 'students_old_student_gift',
} as const;
