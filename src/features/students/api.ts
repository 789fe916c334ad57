import { callApi } from '../../api/call';
import {
  addIntegralCall,
  applyFreezeCall,
  checkFreezeCall,
  freezeRollbackCall,
  getByPhoneCall,
  reduceIntegralCall,
  stoppedDaysCall,
  pusherByStudentCall,
  studentTagsCall,
} from '../../contract/students';
import type { Sent } from '../../contract/call';
import type { applyFreezeSchema, checkFreezeSchema, integralBodySchema } from '../../contract/students';

/** The students area's special calls, typed by their declarations (src/contract/students.ts). */
export const studentsApi = {
  addPoints: (body: Sent<typeof integralBodySchema>) => callApi(addIntegralCall, { body }),
  reducePoints: (body: Sent<typeof integralBodySchema>) => callApi(reduceIntegralCall, { body }),
  applyFreeze: (body: Sent<typeof applyFreezeSchema>) => callApi(applyFreezeCall, { body }),
  checkFreeze: (body: Sent<typeof checkFreezeSchema>) => callApi(checkFreezeCall, { body }),
  rollbackFreeze: (id: number) => callApi(freezeRollbackCall, { body: { id } }),
  byPhone: (phone: string) => callApi(getByPhoneCall, { query: { phone } }),
  stoppedDays: (studentId: number) => callApi(stoppedDaysCall, { query: { student_id: studentId } }),
  pusherOf: (studentId: number) => callApi(pusherByStudentCall, { query: { stu_id: studentId } }),
  tags: (ids: readonly number[]) => callApi(studentTagsCall, { query: { ids: ids.join(',') } }),
};
