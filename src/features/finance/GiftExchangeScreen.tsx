import { useState } from 'react';
import { callApi } from '../../api/call';
import { giftCheckBranchCall, giftCheckHeadCall, giftDeliverCall } from '../../contract/finance-flows';
import { exchangeGiftOrderResource } from '../../contract/resources/finance-flows';
import type { FieldDef } from '../../contract/resource';
import { ResourcePage } from '../../components/ResourcePage';
import { notifySuccess } from '../../components/feedback';
import { FieldsDialog } from '../../components/ResourcePage';

const CHECK: Record<string, FieldDef> = {
  pass: { type: 'int', label: '审核结果', required: true, options: { kind: 'static', items: [{ value: 1, text: '通过' }, { value: 0, text: '驳回' }] } },
  opinion: { type: 'string', label: '审核意见', max: 255 },
};
const DELIVER: Record<string, FieldDef> = { express_no: { type: 'string', label: '快递单号', max: 64 } };

type Step = 'branch' | 'head' | 'deliver';
const TITLES: Record<Step, string> = { branch: '分校审核', head: '总部审核', deliver: '发放礼品' };

/** 礼品兑换: checked by the branch office, then the head office, then delivered. */
export default function GiftExchangeScreen() {
  const [dialog, setDialog] = useState<{ step: Step; id: number; reload: () => void } | null>(null);
  return (
    <>
      <ResourcePage
        def={exchangeGiftOrderResource}
        rowActions={(ctx) => [
          { key: 'branch', label: '分校审核', perm: 'fin_exchange_gift_order_check_by_branch_office', visible: (r) => Number(r.state) === 1, onClick: (r) => setDialog({ step: 'branch', id: Number(r.id), reload: ctx.reload }) },
          { key: 'head', label: '总部审核', perm: 'fin_exchange_gift_order_check_by_head_office', visible: (r) => Number(r.state) === 2, onClick: (r) => setDialog({ step: 'head', id: Number(r.id), reload: ctx.reload }) },
          { key: 'deliver', label: '发放', perm: 'fin_exchange_gift_order_deliver', visible: (r) => Number(r.state) === 3, onClick: (r) => setDialog({ step: 'deliver', id: Number(r.id), reload: ctx.reload }) },
        ]}
      />
      <FieldsDialog
        title={dialog ? TITLES[dialog.step] : null}
        fields={dialog?.step === 'deliver' ? DELIVER : CHECK}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          if (!dialog) return;
          if (dialog.step === 'deliver') await callApi(giftDeliverCall, { body: { id: dialog.id, express_no: String(v.express_no ?? '') } });
          else {
            const body = { id: dialog.id, pass: Number(v.pass) === 1, opinion: String(v.opinion ?? '') };
            await callApi(dialog.step === 'branch' ? giftCheckBranchCall : giftCheckHeadCall, { body });
          }
          notifySuccess(`${TITLES[dialog.step]}完成`);
          dialog.reload();
        }}
      />
    </>
  );
}
