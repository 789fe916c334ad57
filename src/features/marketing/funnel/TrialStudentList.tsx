import { Button, Group } from '@mantine/core';
import { useMemo } from 'react';
import { checkAttendCall, withdrawCall, MKT_FUNNEL_PERM } from '../../../contract/marketing-funnel';
import { TRIAL_ABSENT, TRIAL_ATTENDED, TRIAL_BOOKED, TRIAL_WITHDRAWN, trialStudentResource } from '../../../contract/resources/marketing-funnel';
import { ResourcePage, type PageContext } from '../../../components/ResourcePage';
import type { TableRow } from '../../../components/DataTable';
import { confirmAction, notifyWarning } from '../../../components/feedback';
import { useHasPermission } from '../../../components/session';
import { runCall } from './runCall';

async function attend(ids: number[], state: typeof TRIAL_ATTENDED | typeof TRIAL_ABSENT, reload: () => void): Promise<void> {
  if (!ids.length) return notifyWarning('请选择试听学员');
  const done = await runCall(checkAttendCall, { body: { ids, state } }, state === TRIAL_ATTENDED ? '已记为到课' : '已记为缺席', '考勤失败');
  if (done) reload();
}

async function withdraw(ids: number[], reload: () => void): Promise<void> {
  if (!ids.length) return notifyWarning('请选择试听学员');
  if (!(await confirmAction('确定让选中的学员退出试听吗？退出后名额将释放'))) return;
  const done = await runCall(withdrawCall, { body: { ids } }, '已退出试听', '退出试听失败');
  if (done) reload();
}

const idsOfRows = (rows: TableRow[]) => rows.map((r) => Number(r.id));

/**
 * 试听学员 of every lesson, or of one lesson (the lesson's 试听学员 drawer): attendance (到课/缺席)
 * and withdraw per row and over the selection.
 */
export function TrialStudentList({ lessonId }: { lessonId?: number }) {
  const can = useHasPermission();
  const fixed = useMemo(() => (lessonId ? { trial_lesson_id: lessonId } : undefined), [lessonId]);
  const toolbar = (ctx: PageContext<TableRow>) => (
    <Group gap="xs">
      {can(MKT_FUNNEL_PERM.checkAttend) && (
        <>
          <Button size="xs" variant="light" color="green" onClick={() => void attend(idsOfRows(ctx.selectedRows()), TRIAL_ATTENDED, ctx.reload)}>
            批量到课
          </Button>
          <Button size="xs" variant="light" color="orange" onClick={() => void attend(idsOfRows(ctx.selectedRows()), TRIAL_ABSENT, ctx.reload)}>
            批量缺席
          </Button>
        </>
      )}
      {can(MKT_FUNNEL_PERM.withdraw) && (
        <Button size="xs" variant="light" color="red" onClick={() => void withdraw(idsOfRows(ctx.selectedRows()), ctx.reload)}>
          退出试听
        </Button>
      )}
    </Group>
  );
  return (
    <ResourcePage
      def={trialStudentResource}
      fixedFilters={fixed}
      newDefaults={lessonId ? { trial_lesson_id: lessonId } : undefined}
      toolbar={toolbar}
      rowActions={(ctx) => [
        { key: 'attend', label: '到课', color: 'green', perm: MKT_FUNNEL_PERM.checkAttend, visible: (r) => Number(r.state) !== TRIAL_WITHDRAWN && Number(r.state) !== TRIAL_ATTENDED, onClick: (r) => void attend([Number(r.id)], TRIAL_ATTENDED, ctx.reload) },
        { key: 'absent', label: '缺席', color: 'orange', perm: MKT_FUNNEL_PERM.checkAttend, visible: (r) => Number(r.state) === TRIAL_BOOKED, onClick: (r) => void attend([Number(r.id)], TRIAL_ABSENT, ctx.reload) },
        { key: 'withdraw', label: '退出', color: 'red', perm: MKT_FUNNEL_PERM.withdraw, visible: (r) => Number(r.state) === TRIAL_BOOKED || Number(r.state) === TRIAL_ABSENT, onClick: (r) => void withdraw([Number(r.id)], ctx.reload) },
      ]}
    />
  );
}
