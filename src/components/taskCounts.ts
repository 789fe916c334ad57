import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call';
import { useSession } from './session';

// The workflow contract (its schemas are built when it loads) comes with the first count, not with
// the layout that shows the badge.
const workflowContract = () => import('../contract/workflow');

/** Address of 任务中心 › 我的待办 (its menu's url, src/contract/menus/workflow.ts). */
export const TODO_PATH = '/task/todo';

/**
 * The task center's counts (to-do, done, own running applications, copies) for the sidebar badge,
 * the home page and the task center itself: one request under one key, asked again every minute.
 * Only for users whose menus hold 我的待办 (the list call refuses the others). `ready` false holds
 * the first request (and the workflow contract) back: the sidebar asks after the first screen.
 */
export function useTaskCounts(ready = true) {
  const { navEntries } = useSession();
  const enabled = ready && navEntries.some((e) => e.path === TODO_PATH);
  return useQuery({
    queryKey: ['wf-counts'],
    queryFn: async () => {
      const { wfInstanceListCall } = await workflowContract();
      return (await callApi(wfInstanceListCall, { query: { type: 'todo', rows: 1 } }, { silent: true })).counts;
    },
    refetchInterval: 60_000,
    enabled,
  });
}

/** A count as a badge shows it. */
export function countText(n: number): string {
  return n > 99 ? '99+' : String(n);
}
