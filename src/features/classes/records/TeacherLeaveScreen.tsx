import { teacherLeaveResource } from '../../../contract/resources/classes';
import { ResourcePage } from '../../../components/ResourcePage';
import { TEACHER_ROLES } from '../api';
import { useUserFieldPage } from '../pickers/useTeacherDef';

const USER_FIELDS = { teacher_id: TEACHER_ROLES, substitute_teacher_id: TEACHER_ROLES } as const;

/** 老师请假: lessons cannot be arranged for a teacher during a valid leave. */
export default function TeacherLeaveScreen() {
  const { def, columns } = useUserFieldPage(teacherLeaveResource, USER_FIELDS);
  return <ResourcePage def={def} columns={columns} />;
}
