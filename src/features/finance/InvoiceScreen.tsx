import { useState } from 'react';
import { callApi } from '../../api/call';
import { issueInvoiceCall, voidInvoiceCall } from '../../contract/finance-flows';
import { invoiceResource } from '../../contract/resources/finance-flows';
import type { FieldDef } from '../../contract/resource';
import { ResourcePage } from '../../components/ResourcePage';
import { notifySuccess } from '../../components/feedback';
import { FieldsDialog } from '../../components/ResourcePage';

const ISSUE: Record<string, FieldDef> = {
  invoice_no: { type: 'string', label: '发票号码', required: true, max: 20 },
  invoice_file: { type: 'ids', label: '发票文件', required: true, input: 'attachment' },
};
const VOID: Record<string, FieldDef> = { reason: { type: 'string', label: '作废原因', required: true, max: 255 } };

/** 发票: requests (declared list and form), issue with number and file, void with a reason. */
export default function InvoiceScreen() {
  const [dialog, setDialog] = useState<{ kind: 'issue' | 'void'; id: number; reload: () => void } | null>(null);
  return (
    <>
      <ResourcePage
        def={invoiceResource}
        rowActions={(ctx) => [
          { key: 'issue', label: '开具', perm: 'fin_invoice_issue', visible: (r) => Number(r.state) === 1, onClick: (r) => setDialog({ kind: 'issue', id: Number(r.id), reload: ctx.reload }) },
          { key: 'void', label: '作废', color: 'red', perm: 'fin_invoice_void', visible: (r) => Number(r.state) !== 3, onClick: (r) => setDialog({ kind: 'void', id: Number(r.id), reload: ctx.reload }) },
        ]}
      />
      <FieldsDialog
        title={dialog ? (dialog.kind === 'issue' ? '开具发票' : '作废发票') : null}
        fields={dialog?.kind === 'void' ? VOID : ISSUE}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          if (!dialog) return;
          if (dialog.kind === 'issue') await callApi(issueInvoiceCall, { body: { id: dialog.id, invoice_no: String(v.invoice_no ?? ''), invoice_file: String(v.invoice_file ?? '') } });
          else await callApi(voidInvoiceCall, { body: { id: dialog.id, reason: String(v.reason ?? '') } });
          notifySuccess(dialog.kind === 'issue' ? '发票已开具' : '发票已作废');
          dialog.reload();
        }}
      />
    </>
  );
}
