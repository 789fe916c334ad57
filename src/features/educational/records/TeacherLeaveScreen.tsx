import { teacherLeaveResource } from '../../../contract/resources/classes';
import { ResourcePage } from '../../../components/ResourcePage';
import { useTeacherDef } from '../pickers/useTeacherDef';

const TEACHER_FIELDS = ['teacher_id', 'substitute_teacher_id'] as const;

/** 老师请假: lessons cannot be arranged for a teacher during a valid leave. */
export default function TeacherLeaveScreen() {
  const def = useTeacherDef(teacherLeaveResource, TEACHER_FIELDS);
  return <ResourcePage def={def} />;
}
