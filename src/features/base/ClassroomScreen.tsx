import { classroomResource } from '../../contract/resources/base';
import { ResourcePage } from '../../components/ResourcePage';

/** 教室 (one-to-many classrooms) of the user's campuses. */
export default function ClassroomScreen() {
  return <ResourcePage def={classroomResource} />;
}
