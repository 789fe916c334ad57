import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { DialogActions, notifyInfo, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { FieldsDialog, ResourceForm } from '../../../components/ResourcePage';
import type { FieldDef } from '../../../contract/resource';
import { resourceResource } from '../../../contract/resources/marketing';
import { studentVisitResource } from '../../../contract/resources/marketing-funnel';
import { nowText } from '../../../lib/format/dateRange';
import { cancelSchoolCall, transferSchoolCall, yeepayCall } from '../../../contract/marketing';
import { visitAddCall } from '../../../contract/marketing-records';
import { enqueueAndWait } from '../../../offline/outbox';

/**
 * The dialogs of a lead's detail (资源详情) beyond distribution and invalidation: 修改信息, 到访,
 * 其他校区, 注销, and the 已有学员 list's 刷卡支付. Each sends one call of the spec and closes on
 * success; a refusal stays in the dialog with the server's Chinese message.
 */

export type LeadSubDialogKind = 'modify' | 'dropIn' | 'otherSchool' | 'cancel' | 'cardPay';

export interface LeadBrief {
  id: number;
  name: string;
  [key: string]: unknown;
}

const v = studentVisitResource.fields;
// 到访: when, who received the family, how it went (the lead is the drawer's own)
const DROP_IN: Record<string, FieldDef> = {
  visit_time: v.visit_time,
  receiver_id: v.receiver_id,
  result: v.result,
  content: { ...v.content, input: 'textarea' },
};
const OTHER_SCHOOL: Record<string, FieldDef> = {
  school_id: { type: 'int', label: '转入校区', required: true, options: { kind: 'schools' } },
  reason: { type: 'string', label: '转校原因', max: 255, input: 'textarea' },
};
const CARD_PAY: Record<string, FieldDef> = {
  amount: { type: 'money', label: '支付金额', required: true, min: 1 },
  remark: { type: 'string', label: '备注', max: 255 },
};


/** 注销: the lead leaves its holder for the campus's public pool (mkt_resource/cancel_school). */
function CancelDialog({ lead, onClose, onDone }: { lead: LeadBrief; onClose: () => void; onDone: () => void }) {
  const { error, busy, submit } = useDialogSubmit();
  const confirm = () =>
    submit(async () => {
      await callApi(cancelSchoolCall, { query: { ids: String(lead.id) } });
      notifySuccess('注销成功，资源已放入公海');
      onDone();
    });
  return (
    <Modal opened onClose={onClose} title="注销资源" size="md">
      <Stack gap="sm">
        <Text size="sm">确定注销资源「{lead.name}」吗？注销后资源不再由当前负责人跟进，放入本校区公海，校区同事可以领取。</Text>
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={() => void confirm()} confirmLabel="确定注销" />
      </Stack>
    </Modal>
  );
}

/** 修改信息: the lead's own declared form (mkt_resource/update). */
function ModifyDialog({ lead, onClose, onDone }: { lead: LeadBrief; onClose: () => void; onDone: () => void }) {
  return (
    <Modal opened onClose={onClose} title="修改信息" size="lg">
      <ResourceForm def={resourceResource} mode="update" initial={lead} onClose={(saved) => (saved ? onDone() : onClose())} />
    </Modal>
  );
}

/** 到访: a visit of the lead's family (mkt_student_visit/add), now unless changed. */
function DropInDialog({ lead, onClose, onDone }: { lead: LeadBrief; onClose: () => void; onDone: () => void }) {
  // one start value for the dialog's life (FieldsDialog resets its values when `initial` changes)
  const [initial] = useState(() => ({ visit_time: nowText() }));
  return (
    <FieldsDialog
      title={`登记到访 · ${lead.name}`}
      fields={DROP_IN}
      initial={initial}
      onClose={onClose}
      onSubmit={async (vals) => {
        const body = { resource_id: lead.id, visit_time: vals.visit_time ?? null, receiver_id: vals.receiver_id, result: vals.result, content: vals.content };
        // through the outbox, as 写跟进: a visit noted on a phone that lost its connection is kept
        // and sent once when it is back (the Idempotency-Key makes a resend one visit)
        const { outcome } = await enqueueAndWait({ call: visitAddCall, body, kind: 'mkt_student_visit', label: `到访：${lead.name}` });
        if (outcome.state === 'rejected') throw new Error(outcome.msg || '登记到访失败');
        if (outcome.state === 'discarded') return;
        if (outcome.state === 'queued') notifyInfo('网络不可用，到访记录已保存，联网后自动提交');
        else notifySuccess('到访已登记');
        onDone();
      }}
    />
  );
}

export function LeadSubDialog({ kind, lead, onClose, onDone }: { kind: LeadSubDialogKind; lead: LeadBrief; onClose: () => void; onDone: () => void }) {
  if (kind === 'cancel') return <CancelDialog lead={lead} onClose={onClose} onDone={onDone} />;
  if (kind === 'modify') return <ModifyDialog lead={lead} onClose={onClose} onDone={onDone} />;
  if (kind === 'dropIn') return <DropInDialog lead={lead} onClose={onClose} onDone={onDone} />;
  if (kind === 'otherSchool')
    return (
      <FieldsDialog
        title={`转其他校区 · ${lead.name}`}
        fields={OTHER_SCHOOL}
        onClose={onClose}
        onSubmit={async (vals) => {
          const reason = typeof vals.reason === 'string' && vals.reason.trim() ? vals.reason.trim() : undefined;
          await callApi(transferSchoolCall, { body: { id: lead.id, school_id: Number(vals.school_id), reason } });
          notifySuccess('已转入其他校区');
          onDone();
        }}
      />
    );
  return (
    <FieldsDialog
      title={`刷卡支付 · ${lead.name}`}
      fields={CARD_PAY}
      confirmLabel="提交支付"
      onClose={onClose}
      onSubmit={async (vals) => {
        const remark = typeof vals.remark === 'string' && vals.remark.trim() ? vals.remark.trim() : undefined;
        const r = await callApi(yeepayCall, { body: { id: lead.id, amount: Number(vals.amount), remark } });
        notifySuccess(`已提交刷卡支付，支付单号 ${r.request_no}`);
        onDone();
      }}
    />
  );
}
