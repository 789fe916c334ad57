import { ftStudentScoreResource } from '../../contract/resources/teaching-results';
import { ResourcePage } from '../../components/ResourcePage';

/** 外教学员评分 (FT studying student score): foreign teachers' marks of the students they teach. */
export default function FtStudentScoreScreen() {
  return <ResourcePage def={ftStudentScoreResource} />;
}
