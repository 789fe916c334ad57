import { useSearchParams } from 'react-router-dom';
import { TaskCenter } from './TaskCenterScreen';

/** /task/task_center/approval?ref_type=: the to-dos of one business kind (the route checks ref_type is present). */
export default function ApprovalRouteScreen() {
  const [params] = useSearchParams();
  return <TaskCenter initial="todo" refType={params.get('ref_type') ?? undefined} />;
}
