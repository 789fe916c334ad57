import { useRef, useState } from 'react';
import { notifySuccess } from '../../components/feedback';
import { ResourcePage, type PageContext } from '../../components/ResourcePage';
import type { TableRow } from '../../components/DataTable';
import { receiptResource } from '../../contract/resources/finance-accounts';
import { formatYuan } from '../../lib/format/money';
import { financeApi } from './api';
import { ReasonDialog } from './ReasonDialog';
import { ReceiptPrintDialog } from './ReceiptPrint';

/** 收据管理: every receipt of the caller's campuses; print (A5 / 80 mm) and cancel (a reversing receipt). */
export default function ReceiptsScreen() {
  const [printing, setPrinting] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<TableRow | null>(null);
  const ctx = useRef<PageContext<TableRow> | null>(null);
  return (
    <>
      <ResourcePage
        def={receiptResource}
        rowActions={(c) => {
          ctx.current = c;
          return [
            { key: 'print', label: '打印', onClick: (r) => setPrinting(Number(r.id)) },
            { key: 'cancel', label: '作废', color: 'red', perm: 'fin_stu_account_receipts_cancellation', visible: (r) => Number(r.state) === 1, onClick: (r) => setCancelling(r) },
          ];
        }}
      />
      {printing !== null && <ReceiptPrintDialog id={printing} onClose={() => setPrinting(null)} />}
      {cancelling && (
        <ReasonDialog
          title={`作废收据 ${String(cancelling.receipt_no)}`}
          question={`作废后将开具一张 -${formatYuan(cancelling.amount)} 元的冲销收据，原收据保留并标记为已作废；充值收据对应的账户余额同时扣回。`}
          label="作废原因"
          run={async (reason) => {
            const r = await financeApi.cancelReceipt(Number(cancelling.id), reason);
            notifySuccess(`已作废，冲销收据 ${r.reversal.receipt_no}`);
          }}
          onClose={(done) => {
            setCancelling(null);
            if (done) ctx.current?.reload();
          }}
        />
      )}
    </>
  );
}
