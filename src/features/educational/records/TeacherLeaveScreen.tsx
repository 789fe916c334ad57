import { teacherLeaveResource } from '../../../contract/resources/classes';
import { ResourcePage } from '../../../components/ResourcePage';

/** 老师请假: lessons cannot be arranged for a teacher during a valid leave. */
export default function TeacherLeaveScreen() {
  return <ResourcePage def={teacherLeaveResource} />;
}
