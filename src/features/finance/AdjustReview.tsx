import { useState } from 'react';
import { balanceAdjustResource } from '../../contract/resources/finance-accounts';
import type { FieldDef } from '../../contract/resource';
import { FieldsDialog, ResourcePage } from '../../components/ResourcePage';
import { notifySuccess } from '../../components/feedback';
import { useSession } from '../../components/session';
import { formatYuan } from '../../lib/format/money';
import { financeApi } from './api';

const PENDING = 1;
const APPROVE_FIELDS: Record<string, FieldDef> = { check_remark: { type: 'string', label: '审核意见', max: 200 } };
// a refusal tells the applicant why
const REFUSE_FIELDS: Record<string, FieldDef> = { check_remark: { type: 'string', label: '拒绝原因', required: true, max: 200 } };

interface Deciding {
  approve: boolean;
  id: number;
  text: string;
  reload: () => void;
}

/**
 * 余额调整审核: the corrections requested with 余额调整, decided by a second person. The money moves
 * only on 通过 (server: adjust.ts); the applicant sees no buttons on their own request (the server
 * refuses it too), and a request under a workflow approval is decided in 审批待办 instead.
 */
export function AdjustReview({ onDecided }: { onDecided: () => void }) {
  const { user } = useSession();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const decidable = (r: Record<string, unknown>) => Number(r.state) === PENDING && Number(r.applied_by) !== user.id && r.wf_instance_id == null;
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
            onClick: (r) => setDeciding({ approve: true, id: Number(r.id), text: `${String(r.student_name)} ${formatYuan(r.amount)} 元`, reload: ctx.reload }),
          },
          {
            key: 'refuse',
            label: '拒绝',
            color: 'red',
            perm: 'fn_student_account_check_modify_balance',
            visible: decidable,
            onClick: (r) => setDeciding({ approve: false, id: Number(r.id), text: `${String(r.student_name)} ${formatYuan(r.amount)} 元`, reload: ctx.reload }),
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
          await financeApi.checkModifyBalance({ id: deciding.id, approve: deciding.approve, check_remark: remark === '' ? undefined : remark });
          notifySuccess(deciding.approve ? '已通过，余额已调整' : '已拒绝');
          deciding.reload();
          onDecided();
        }}
      />
    </>
  );
}
