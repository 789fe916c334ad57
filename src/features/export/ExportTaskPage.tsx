import { ExportTasks } from '../../components/ExportTasks';

/** 我的导出: the signed-in user's export tasks (status, download, cancel), the shared task center. */
export default function ExportTaskPage() {
  return <ExportTasks />;
}
