import { TrialStudentList } from './TrialStudentList';

/** 试听学员: every booking of the caller's campuses, with attendance and withdraw. */
export default function TrialStudentScreen() {
  return <TrialStudentList />;
}
