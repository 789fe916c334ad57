/** The task center's counts are shared with the sidebar badge and the home page. */
export { useTaskCounts } from '../../../components/taskCounts';
