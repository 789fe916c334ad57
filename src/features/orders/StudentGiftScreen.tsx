import { useState } from 'react';
import { callApi } from '../../api/call';
import { giveGiftCall, updateGiftReturnCall } from '../../contract/orders-extras';
import { studentGiftResource } from '../../contract/resources/orders-extras';
import type { FieldDef } from '../../contract/resource';
import { FieldsDialog, ResourcePage } from '../../components/ResourcePage';
import { notifySuccess } from '../../components/feedback';

const GIVE: Record<string, FieldDef> = {};
const RETURN: Record<string, FieldDef> = {
  return_charge: { type: 'money', label: '未退回扣款', min: 0, max: 10_000_000 },
  return_note: { type: 'string', label: '退回说明', max: 255 },
};

type Step = 'give' | 'return';
const TITLES: Record<Step, string> = { give: '确认发放赠品', return: '赠品退回' };

/** 学员赠品: 待发放 gifts are handed out (发放), given ones taken back or charged at a refund (退回). */
export default function StudentGiftScreen() {
  const [dialog, setDialog] = useState<{ step: Step; id: number; reload: () => void } | null>(null);
  return (
    <>
      <ResourcePage
        def={studentGiftResource}
        rowActions={(ctx) => [
          { key: 'give', label: '发放', perm: 'order_student_gift_give_gift', visible: (r) => Number(r.state) === 1, onClick: (r) => setDialog({ step: 'give', id: Number(r.id), reload: ctx.reload }) },
          { key: 'return', label: '退回', perm: 'order_student_gift_update_return', visible: (r) => Number(r.state) === 2, onClick: (r) => setDialog({ step: 'return', id: Number(r.id), reload: ctx.reload }) },
        ]}
      />
      <FieldsDialog
        title={dialog ? TITLES[dialog.step] : null}
        fields={dialog?.step === 'return' ? RETURN : GIVE}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          if (!dialog) return;
          if (dialog.step === 'give') await callApi(giveGiftCall, { body: { ids: [dialog.id] } });
          else {
            const note = String(v.return_note ?? '').trim();
            await callApi(updateGiftReturnCall, { body: { id: dialog.id, return_charge: Number(v.return_charge ?? 0), ...(note ? { return_note: note } : {}) } });
          }
          notifySuccess(dialog.step === 'give' ? '赠品已发放' : '赠品已退回');
          dialog.reload();
        }}
      />
    </>
  );
}
