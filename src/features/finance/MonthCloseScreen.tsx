import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { closeMonthCall } from '../../contract/finance-accounts';
import { monthCloseResource } from '../../contract/resources/finance-accounts';
import type { FieldDef } from '../../contract/resource';
import { FieldsDialog, ResourcePage } from '../../components/ResourcePage';
import { notifySuccess } from '../../components/feedback';
import { useHasPermission } from '../../components/session';
import { formatYuan } from '../../lib/format/money';

const FIELDS: Record<string, FieldDef> = {
  school_id: { type: 'int', label: '校区', required: true, options: { kind: 'schools' } },
  month: { type: 'string', label: '月份', required: true, max: 7, placeholder: '如 2026-10' },
};

/** Last month in Asia/Shanghai: the month a close usually is for. */
function lastMonth(): string {
  const now = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/** The toolbar's 月结 button (only for holders of its operation code). */
function closeButton(show: boolean, onClick: () => void) {
  return show ? (
    <Button size="xs" onClick={onClick}>
      月结
    </Button>
  ) : null;
}

/** 月结: the closed months of the campuses with the totals kept at the close, and the close itself. */
export default function MonthCloseScreen() {
  const can = useHasPermission();
  const [closing, setClosing] = useState<(() => void) | null>(null);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        月结后该月的收据与储值合计不再变动；之后补开或作废的收据记入当前月份，并注明更正的月份（财务报表“更正以前月份”）。
      </Text>
      <ResourcePage
        def={monthCloseResource}
        toolbar={(ctx) => closeButton(can('fin_month_close_close'), () => setClosing(() => ctx.reload))}
      />
      <FieldsDialog
        title={closing ? '月结' : null}
        fields={FIELDS}
        initial={{ month: lastMonth() }}
        confirmLabel="月结"
        onClose={() => setClosing(null)}
        onSubmit={async (v) => {
          const row = await callApi(closeMonthCall, { body: { school_id: Number(v.school_id), month: String(v.month ?? '').trim() } });
          notifySuccess(`${row.month} 已月结：收据 ${row.receipt_count} 张，合计 ${formatYuan(row.net)} 元`);
          closing?.();
        }}
      />
    </Stack>
  );
}
