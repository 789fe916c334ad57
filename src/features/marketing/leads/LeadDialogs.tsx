import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { DialogActions, notifyInfo, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { FieldInput, type FormValue } from '../../../components/ResourcePage';
import type { FieldDef } from '../../../contract/resource';
import { CALL_RESULTS, FOLLOW_WAYS } from '../../../contract/resources/marketing';
import { batchTransferSchoolCall, invalidateCall, staffOptionsCall, toSaleCall, toSellerCall, toTmkerCall } from '../../../contract/marketing';
import { recordAddCall } from '../../../contract/marketing-records';
import { enqueueAndWait } from '../../../offline/outbox';

export type LeadDialogKind = 'tmker' | 'seller' | 'sale' | 'invalid' | 'transfer' | 'record';

const FIELDS: Record<string, FieldDef> = {
  school_id: { type: 'int', label: '校区', required: true, options: { kind: 'schools' } },
  result: { type: 'int', label: '跟进结果', required: true, options: { kind: 'static', items: CALL_RESULTS } },
  way: { type: 'int', label: '跟进方式', options: { kind: 'static', items: FOLLOW_WAYS } },
  next_follow_at: { type: 'datetime', label: '下次跟进时间' },
};

const TITLES: Record<LeadDialogKind, string> = {
  tmker: '分配电销',
  seller: '分配课程顾问',
  sale: '转课程顾问',
  invalid: '设为无效',
  transfer: '转校区',
  record: '新增跟进记录',
};

/** A telemarketer or seller of the caller's campuses (mkt_resource/staff_options). */
function StaffSelect({ role, label, required, value, onChange }: { role: 'tmk' | 'seller'; label: string; required: boolean; value: FormValue; onChange: (v: FormValue) => void }) {
  const staff = useQuery({ queryKey: ['mkt-staff', role], queryFn: () => callApi(staffOptionsCall, { query: { role } }) });
  const data = (staff.data ?? []).map((o) => ({ value: String(o.value), label: o.text }));
  return <Select label={label} withAsterisk={required} placeholder={`请选择${label}`} searchable clearable data={data} value={value === null || value === undefined ? null : String(value)} onChange={(v) => onChange(v)} />;
}

/** The distribution, invalidation, transfer and follow-up dialogs of the lead screens (one or many leads). */
export function LeadDialog({ kind, ids, onClose, onDone }: { kind: LeadDialogKind; ids: number[]; onClose: () => void; onDone: () => void }) {
  const [values, setValues] = useState<Record<string, FormValue>>({ way: 1 });
  const [text, setText] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit();
  const set = (k: string) => (v: FormValue) => setValues((s) => ({ ...s, [k]: v }));
  const num = (k: string) => (values[k] === undefined || values[k] === null || values[k] === '' ? undefined : Number(values[k]));
  const field = (k: string, name = k) => <FieldInput name={name} field={FIELDS[k]} value={values[k] ?? null} onChange={set(k)} />;

  const confirm = () =>
    submit(async () => {
      if (kind === 'tmker') {
        const tmk = num('tmk_id');
        if (!tmk) return setError('请选择电销');
        await callApi(toTmkerCall, { body: { ids, tmk_id: tmk } });
      } else if (kind === 'seller') {
        const seller = num('seller_id');
        if (!seller) return setError('请选择课程顾问');
        await callApi(toSellerCall, { body: { ids, seller_id: seller } });
      } else if (kind === 'sale') {
        await callApi(toSaleCall, { body: { ids, seller_id: num('sale_seller_id') } });
      } else if (kind === 'invalid') {
        if (!text.trim()) return setError('请输入无效原因');
        await callApi(invalidateCall, { body: { ids, reason: text.trim() } });
      } else if (kind === 'transfer') {
        const school = num('school_id');
        if (!school) return setError('请选择校区');
        await callApi(batchTransferSchoolCall, { body: { ids, school_id: school, reason: text.trim() || undefined } });
      } else {
        const result = num('result');
        if (!result) return setError('请选择跟进结果');
        if (!text.trim()) return setError('请输入跟进内容');
        const body = { resource_id: ids[0], result, way: num('way') ?? 1, content: text.trim(), next_follow_at: values.next_follow_at ? String(values.next_follow_at) : undefined };
        // through the outbox: on a phone that lost its connection the follow-up is kept and sent
        // once when it is back (the Idempotency-Key makes a resend one record)
        const { outcome } = await enqueueAndWait({ call: recordAddCall, body, kind: 'mkt_record', label: `跟进：${body.content.slice(0, 20)}` });
        if (outcome.state === 'rejected') return setError(outcome.msg || '新增跟进记录失败');
        if (outcome.state === 'queued') {
          notifyInfo('网络不可用，跟进记录已保存，联网后自动提交');
          return onDone();
        }
        if (outcome.state === 'discarded') return onClose();
      }
      notifySuccess(`${TITLES[kind]}成功`);
      onDone();
    });

  return (
    <Modal opened onClose={onClose} title={ids.length > 1 ? `${TITLES[kind]}（${ids.length}条）` : TITLES[kind]} size="md">
      <Stack gap="sm">
        {kind === 'tmker' && <StaffSelect role="tmk" label="电销" required value={values.tmk_id ?? null} onChange={set('tmk_id')} />}
        {kind === 'seller' && <StaffSelect role="seller" label="课程顾问" required value={values.seller_id ?? null} onChange={set('seller_id')} />}
        {kind === 'sale' && <StaffSelect role="seller" label="课程顾问" required={false} value={values.sale_seller_id ?? null} onChange={set('sale_seller_id')} />}
        {kind === 'transfer' && field('school_id')}
        {kind === 'record' && (
          <>
            {field('result')}
            {field('way')}
          </>
        )}
        {(kind === 'invalid' || kind === 'transfer' || kind === 'record') && (
          <Textarea
            label={kind === 'invalid' ? '无效原因' : kind === 'record' ? '跟进内容' : '原因'}
            withAsterisk={kind !== 'transfer'}
            placeholder={kind === 'record' ? '请输入跟进内容' : '请输入原因'}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={3}
          />
        )}
        {kind === 'record' && field('next_follow_at')}
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={() => void confirm()} />
      </Stack>
    </Modal>
  );
}
