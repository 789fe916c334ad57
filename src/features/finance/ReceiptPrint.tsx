import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import type { ReceiptDetail } from '../../contract/finance-accounts';
import { formatYuan } from '../../lib/format/money';
import { financeApi } from './api';
import classes from './ReceiptPrint.module.css';

export type PrintLayout = 'a5' | 'thermal';

/** The page size of the chosen layout, for the browser's print (A5 landscape sheet or an 80 mm roll). */
const PAGE_CSS: Record<PrintLayout, string> = {
  a5: '@page { size: A5 landscape; margin: 8mm; }',
  thermal: '@page { size: 80mm auto; margin: 2mm; }',
};

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.line}>
      <span className={classes.label}>{label}</span>
      <span>{value}</span>
    </div>
  );
}

/** The receipt as printed: campus, number, student, type, method, amount in figures and in Chinese capitals. */
export function ReceiptSheet({ receipt, layout }: { receipt: ReceiptDetail; layout: PrintLayout }) {
  return (
    <div className={`${classes.sheet} ${layout === 'thermal' ? classes.thermal : classes.a5}`} data-testid="receipt-sheet">
      <div className={classes.head}>{receipt.school_name ?? ''}</div>
      <div className={classes.title}>{receipt.state === 3 ? '冲销收据' : '收 据'}</div>
      {receipt.state === 2 && <div className={classes.void}>已作废</div>}
      <Line label="收据编号" value={receipt.receipt_no} />
      <Line label="日期" value={receipt.biz_date} />
      <Line label="学员" value={receipt.student_name ?? ''} />
      {receipt.payer && <Line label="交款人" value={receipt.payer} />}
      <Line label="收据类型" value={receipt.kind_text} />
      <Line label="收款方式" value={receipt.pay_method_text} />
      <Line label="金额" value={`¥${formatYuan(receipt.amount)}`} />
      <Line label="人民币（大写）" value={receipt.amount_capital} />
      {receipt.reverses_no && <Line label="冲销原收据" value={receipt.reverses_no} />}
      {receipt.remark && <Line label="摘要" value={receipt.remark} />}
      <div className={classes.foot}>
        <span>经办人：{receipt.creator_name ?? ''}</span>
        <span>开具时间：{receipt.created_at}</span>
      </div>
    </div>
  );
}

/** 打印收据: the receipt in the chosen layout; 打印 prints only the sheet. */
export function ReceiptPrintDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const [layout, setLayout] = useState<PrintLayout>('a5');
  const q = useQuery({ queryKey: ['receipt-detail', id], queryFn: () => financeApi.receiptDetail(id), retry: false });
  return (
    <Modal opened onClose={onClose} title="打印收据" size="auto">
      <style>{PAGE_CSS[layout]}</style>
      <Stack gap="sm">
        <Group justify="space-between" className={classes.noPrint}>
          <SegmentedControl
            value={layout}
            onChange={(v) => setLayout(v as PrintLayout)}
            data={[
              { value: 'a5', label: 'A5 纸' },
              { value: 'thermal', label: '80mm 热敏' },
            ]}
          />
          <Button onClick={() => window.print()} disabled={!q.data}>
            打印
          </Button>
        </Group>
        {q.isLoading && <Loader size="sm" />}
        {q.error && <Alert color="red">{errorMessage(q.error, '收据加载失败')}</Alert>}
        {q.data && (
          <div className={classes.printArea}>
            <ReceiptSheet receipt={q.data} layout={layout} />
          </div>
        )}
      </Stack>
    </Modal>
  );
}
