import { Alert, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { DataTable, type DataTableColumn, type RowAction, type TableRow } from '../../components/DataTable';
import { confirmAction, notifyError, notifySuccess } from '../../components/feedback';
import { useOptions } from '../../components/options';
import { useHasPermission } from '../../components/session';
import { PAY_CALLS, PAY_SCREENS, payPerms, type PayKind, type PayRow } from '../../contract/employee_pay';
import { previousMonth, shanghaiMonth, yuan } from './format';
import { DetailDialog } from './DetailDialog';
import { AdjustDialog } from './AdjustDialog';
import { RulesDialog } from './RulesDialog';

const money = (_r: TableRow, v: unknown) => yuan(Number(v ?? 0));

/**
 * One pay screen (BC, BM, BMBC, MK, ltFee): a month and campus picker, the computed (or locked)
 * pay of every employee with what makes it up, the totals, export, the rules, 确认 of a campus's
 * month and 更正 of a locked line (docs/employee_pay.md).
 */
export function PayScreen({ kind }: { kind: PayKind }) {
  const s = PAY_SCREENS[kind];
  const perms = payPerms(kind);
  const calls = PAY_CALLS[kind];
  const can = useHasPermission();
  const client = useQueryClient();
  const [month, setMonth] = useState(shanghaiMonth);
  const [school, setSchool] = useState<number | null>(null);
  const [seq, setSeq] = useState(0);
  const [detail, setDetail] = useState<PayRow | null>(null);
  const [adjust, setAdjust] = useState<PayRow | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const schools = useOptions({ kind: 'schools' });
  const query = useMemo(() => ({ month, ...(school === null ? {} : { school_id: school }) }), [month, school]);
  const summary = useQuery({ queryKey: ['pay-summary', kind, query, seq], queryFn: () => callApi(calls.summary, { query }), retry: false });
  const reload = () => {
    setSeq((n) => n + 1);
    void client.invalidateQueries({ queryKey: ['pay-summary', kind] });
  };
  const sheet = school === null ? undefined : summary.data?.sheets.find((x) => x.school_id === school);
  const lock = async () => {
    if (school === null) return;
    if (!(await confirmAction(`确认后${month}的${s.title}将被锁定，之后只能以冲销和更正行调整。确定确认吗？`, '确认薪酬'))) return;
    try {
      const r = await callApi(calls.lock, { body: { school_id: school, month } });
      notifySuccess(`已确认 ${r.count} 人，合计 ${yuan(r.amount)}`);
      reload();
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };
  const columns: DataTableColumn<TableRow>[] = [
    { prop: 'user_name', label: s.who, minWidth: 90, sortable: true },
    { prop: 'school_name', label: '校区', minWidth: 110, sortable: true },
    { prop: 'summary', label: '构成', minWidth: 260 },
    { prop: 'amount', label: '计算金额', align: 'right', minWidth: 100, sortable: true, formatter: money },
    { prop: 'adjust', label: '更正', align: 'right', minWidth: 90, formatter: money },
    { prop: 'total', label: '应发金额', align: 'right', minWidth: 100, sortable: true, formatter: money },
    { prop: 'state_text', label: '状态', minWidth: 70 },
  ];
  const actions: RowAction<TableRow>[] = [
    { key: 'detail', label: '明细', onClick: (r) => setDetail(r as unknown as PayRow) },
    { key: 'adjust', label: '更正', perm: perms.adjust, color: 'orange', visible: (r) => r.line_id !== null, onClick: (r) => setAdjust(r as unknown as PayRow) },
  ];
  const t = summary.data;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MonthPickerInput
          label="月份"
          size="xs"
          w={140}
          value={`${month}-01`}
          maxDate={dayjs().endOf('month').format('YYYY-MM-DD')}
          valueFormat="YYYY年MM月"
          onChange={(v) => v && setMonth(String(v).slice(0, 7))}
        />
        <Button size="xs" variant="subtle" onClick={() => setMonth(previousMonth(shanghaiMonth()))}>
          上月
        </Button>
        <Select
          label="校区"
          placeholder="我的全部校区"
          clearable
          searchable
          size="xs"
          w={200}
          data={schools.items.map((o) => ({ value: String(o.value), label: o.text }))}
          value={school === null ? null : String(school)}
          onChange={(v) => setSchool(v ? Number(v) : null)}
        />
        <Button size="xs" variant="default" onClick={() => setRulesOpen(true)} disabled={school === null} title={school === null ? '请先选择校区' : undefined}>
          计算规则
        </Button>
        {can(perms.lock) ? (
          <Button size="xs" onClick={() => void lock()} disabled={school === null || sheet?.locked === true} title={school === null ? '请先选择校区' : undefined}>
            确认
          </Button>
        ) : null}
        {sheet ? (
          <Badge color={sheet.locked ? 'green' : 'gray'} variant="light" mb={4}>
            {sheet.locked ? `已确认 ${sheet.locked_at ?? ''} ${sheet.locked_by_name ?? ''}` : '未确认（实时计算）'}
          </Badge>
        ) : null}
      </Group>
      {summary.isError ? <Alert color="red">{errorMessage(summary.error)}</Alert> : null}
      {t ? (
        <Paper withBorder p={6} radius="sm">
          <Group gap="lg">
            <Text size="xs">
              {t.month} · {t.count} 人
            </Text>
            <Text size="xs">计算合计 {yuan(t.amount)}</Text>
            <Text size="xs">更正合计 {yuan(t.adjust)}</Text>
            <Text size="xs" fw={700}>
              应发合计 {yuan(t.total)}
            </Text>
            <Text size="xs" c="dimmed">
              已确认校区 {t.sheets.filter((x) => x.locked).length}/{t.sheets.length}
            </Text>
          </Group>
        </Paper>
      ) : null}
      <DataTable
        api={calls.page.path}
        columns={columns}
        query={query}
        searchSeq={seq}
        rowKey="key"
        actions={actions}
        tableKey={`employee_pay_${kind}`}
        exportOptions={{ name: `${s.title}${month}` }}
        headerHeight={90}
        size="xs"
      />
      {detail ? <DetailDialog kind={kind} row={detail} onClose={() => setDetail(null)} /> : null}
      {adjust ? (
        <AdjustDialog
          kind={kind}
          row={adjust}
          onClose={() => setAdjust(null)}
          onDone={() => {
            setAdjust(null);
            reload();
          }}
        />
      ) : null}
      {rulesOpen && school !== null ? (
        <RulesDialog
          kind={kind}
          schoolId={school}
          canSave={can(perms.rule)}
          onClose={() => setRulesOpen(false)}
          onSaved={() => {
            setRulesOpen(false);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
