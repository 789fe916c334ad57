import { useState } from 'react';
import { balanceAdjustResource } from '../../contract/resources/finance-accounts';
import type { FieldDef } from '../../contract/resource';
import { FieldsDialog, ResourcePage } from '../../components/ResourcePage';
import { notifySuccess } from '../../components/feedback';
import { useSession } from '../../components/session';
import { formatYuan } from '../../lib/format/money';
import { callApi } from '../../api/call';
import { instanceStepCurrentCall, runCall } from '../../contract/workflow';
import { financeApi } from './api';

const PENDING = 1;
const APPROVE_FIELDS: Record<string, FieldDef> = { check_remark: { type: 'string', label: '审核意见', max: 200 } };
// a refusal tells the applicant why
const REFUSE_FIELDS: Record<string, FieldDef> = { check_remark: { type: 'string', label: '拒绝原因', required: true, max: 200 } };

interface Deciding {
  approve: boolean;
  id: number;
  /** the approval it runs in (流程管理's 余额调整 definition), or null for the direct check */
  instanceId: number | null;
  text: string;
  reload: () => void;
}

/** Decides the correction: the user's own task of its approval, or the direct check where no approval runs. */
async function decide(d: Deciding, remark: string): Promise<void> {
  if (d.instanceId === null) {
    await financeApi.checkModifyBalance({ id: d.id, approve: d.approve, check_remark: remark === '' ? undefined : remark });
    return;
  }
  const detail = await callApi(instanceStepCurrentCall, { query: { instance_id: d.instanceId } });
  if (!detail.my_task) throw new Error('该余额调整的当前审批人不是您，请等待审批人处理');
  await callApi(runCall, { body: { task_id: detail.my_task.id, action: d.approve ? 'approve' : 'refuse', comment: remark === '' ? undefined : remark } });
}

/**
 * 余额调整审核: the corrections requested with 余额调整, decided by a second person. The money moves
 * only on 通过 (server: adjust.ts); the applicant sees no buttons on their own request (the server
 * refuses it too). A request under an approval (流程管理) is decided here through the user's task of
 * it, as in 我的待办.
 */
export function AdjustReview({ onDecided }: { onDecided: () => void }) {
  const { user } = useSession();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const decidable = (r: Record<string, unknown>) => Number(r.state) === PENDING && Number(r.applied_by) !== user.id;
  const instanceOf = (r: Record<string, unknown>) => (r.wf_instance_id == null ? null : Number(r.wf_instance_id));
  return (
    <>
      <ResourcePage
        def={balanceAdjustResource}
        exportName="余额调整"
        rowActions={(ctx) => [
          {
            key: 'approve',
            label: '通过',
            color: 'green',
            perm: 'fn_student_account_check_modify_balance',
            visible: decidable,
            onClick: (r) => setDeciding({ approve: true, id: Number(r.id), instanceId: instanceOf(r), text: `${String(r.student_name)} ${formatYuan(r.amount)} 元`, reload: ctx.reload }),
          },
          {
            key: 'refuse',
            label: '拒绝',
            color: 'red',
            perm: 'fn_student_account_check_modify_balance',
            visible: decidable,
            onClick: (r) => setDeciding({ approve: false, id: Number(r.id), instanceId: instanceOf(r), text: `${String(r.student_name)} ${formatYuan(r.amount)} 元`, reload: ctx.reload }),
          },
        ]}
      />
      <FieldsDialog
        title={deciding ? `${deciding.approve ? '通过' : '拒绝'}余额调整：${deciding.text}` : null}
        fields={deciding?.approve === false ? REFUSE_FIELDS : APPROVE_FIELDS}
        confirmLabel={deciding?.approve === false ? '拒绝' : '通过'}
        onClose={() => setDeciding(null)}
        onSubmit={async (v) => {
          if (!deciding) return;
          const remark = String(v.check_remark ?? '').trim();
          await decide(deciding, remark);
          notifySuccess(deciding.approve ? '已通过，余额已调整' : '已拒绝');
          deciding.reload();
          onDecided();
        }}
      />
    </>
  );
}
