export { ExportTasks } from './ExportTasks';
