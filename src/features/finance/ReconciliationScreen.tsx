import { Badge, Button, Card, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useCallback, useMemo, useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { closeDayCall, reconcileCall, reconSummaryCall, reopenDayCall, resolveDifferenceCall, type ReconciliationAnswer } from '../../contract/finance-flows';
import { reconciliationEventResource, reconciliationRecordResource, reconciliationResource } from '../../contract/resources/finance-flows';
import type { FieldDef } from '../../contract/resource';
import { FieldInput, ResourcePage, type FormValue } from '../../components/ResourcePage';
import { useHasPermission } from '../../components/session';
import { confirmAction, notifyError, notifySuccess } from '../../components/feedback';
import { formatYuan } from '../../lib/format/money';
import { FieldsDialog } from '../../components/ResourcePage';

const SCHOOL: FieldDef = { type: 'int', label: '校区', required: true, options: { kind: 'schools' } };
const REASON: Record<string, FieldDef> = { reason: { type: 'string', label: '处理说明', required: true, max: 255 } };
const REOPEN: Record<string, FieldDef> = { reason: { type: 'string', label: '重开原因', required: true, max: 255 } };

function yesterday(): string {
  const d = new Date(Date.now() + 8 * 3600_000 - 86_400_000);
  return d.toISOString().slice(0, 10);
}

function Summary({ s }: { s: ReconciliationAnswer }) {
  return (
    <Card withBorder p="sm" data-testid="recon-summary">
      <Group gap="lg" mb="xs">
        <Text fw={600}>{s.recon_date}</Text>
        <Badge color={s.state === 1 ? 'gray' : 'blue'}>{s.state === 1 ? '已关账' : '未关账'}</Badge>
        <Text size="sm">
          流水 {s.flow_count} 笔 {formatYuan(s.flow_amount)} 元 · 收据 {s.receipt_count} 笔 {formatYuan(s.receipt_amount)} 元 · 已匹配 {s.matched_count} · 差异 {s.diff_count} · 待处理 {s.pending_count}
        </Text>
      </Group>
      <Table striped withTableBorder fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>渠道</Table.Th>
            <Table.Th ta="right">流水笔数</Table.Th>
            <Table.Th ta="right">流水金额</Table.Th>
            <Table.Th ta="right">已匹配</Table.Th>
            <Table.Th ta="right">仅渠道有</Table.Th>
            <Table.Th ta="right">仅收据有</Table.Th>
            <Table.Th ta="right">金额不符</Table.Th>
            <Table.Th ta="right">差额</Table.Th>
            <Table.Th ta="right">待处理</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {s.channels.map((c) => (
            <Table.Tr key={c.kind || 'none'}>
              <Table.Td>{c.channel}</Table.Td>
              <Table.Td ta="right">{c.flow_count}</Table.Td>
              <Table.Td ta="right">{formatYuan(c.flow_amount)}</Table.Td>
              <Table.Td ta="right">{c.matched_count}</Table.Td>
              <Table.Td ta="right">
                {c.flow_only_count}（{formatYuan(c.flow_only_amount)}）
              </Table.Td>
              <Table.Td ta="right">
                {c.receipt_only_count}（{formatYuan(c.receipt_only_amount)}）
              </Table.Td>
              <Table.Td ta="right">{c.mismatch_count}</Table.Td>
              <Table.Td ta="right">{formatYuan(c.diff_amount)}</Table.Td>
              <Table.Td ta="right">{c.pending_count}</Table.Td>
            </Table.Tr>
          ))}
          {s.channels.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>当日没有流水和收据</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/**
 * 对账: reconcile a campus-day (flows of every channel against the receipts), see the differences
 * per channel, resolve each with a reason, close the day (frozen) or reopen it (recorded).
 */
export default function ReconciliationScreen() {
  const can = useHasPermission();
  const [school, setSchool] = useState<FormValue>(null);
  const [day, setDay] = useState<FormValue>(yesterday());
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ReconciliationAnswer | null>(null);
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState<{ kind: 'resolve' | 'reopen'; id: number } | null>(null);

  const show = useCallback(async (id: number) => {
    try {
      setSummary(await callApi(reconSummaryCall, { query: { id } }));
      setVersion((v) => v + 1);
    } catch (e) {
      notifyError(errorMessage(e));
    }
  }, []);

  const reconcile = async () => {
    if (!school || !day) return notifyError('请选择校区和对账日期');
    setBusy(true);
    try {
      const res = await callApi(reconcileCall, { body: { school_id: Number(school), recon_date: String(day) } });
      setSummary(res);
      setVersion((v) => v + 1);
      notifySuccess(`对账完成：已匹配 ${res.matched_count} 笔，差异 ${res.diff_count} 笔`);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const close = async (id: number) => {
    if (!(await confirmAction('关账后该日的流水和对账记录不能再修改，确定关账吗？'))) return;
    try {
      await callApi(closeDayCall, { body: { id } });
      notifySuccess('已关账');
      await show(id);
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  const recordFilters = useMemo(() => (summary ? { recon_id: summary.recon_id } : undefined), [summary]);

  return (
    <Stack gap="sm">
      <Card withBorder p="sm">
        <Group align="flex-end" gap="sm">
          <div style={{ width: 200 }}>
            <FieldInput name="school_id" field={SCHOOL} value={school} onChange={setSchool} />
          </div>
          <div style={{ width: 160 }}>
            {/* typed or picked: finance staff often type the day they reconcile */}
            <DateInput label="对账日期" size="xs" required valueFormat="YYYY-MM-DD" placeholder="YYYY-MM-DD" value={day ? String(day) : null} onChange={(v) => setDay(v ?? null)} />
          </div>
          {can('fin_reconciliation_records_reconciliation') && (
            <Button size="xs" loading={busy} onClick={() => void reconcile()}>
              执行对账
            </Button>
          )}
          {summary && summary.state === 0 && can('fin_reconciliations_close') && (
            <Button size="xs" variant="light" color="orange" onClick={() => void close(summary.recon_id)}>
              关账
            </Button>
          )}
          {summary && summary.state === 1 && can('fin_reconciliations_reopen') && (
            <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'reopen', id: summary.recon_id })}>
              重新打开
            </Button>
          )}
        </Group>
      </Card>
      {summary && <Summary s={summary} />}
      <Tabs defaultValue={summary ? 'records' : 'days'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="days">对账日</Tabs.Tab>
          {summary && <Tabs.Tab value="records">对账明细</Tabs.Tab>}
          {summary && <Tabs.Tab value="events">关账记录</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="days" pt="xs">
          <ResourcePage
            key={`days-${version}`}
            def={reconciliationResource}
            rowActions={() => [
              { key: 'open', label: '查看', onClick: (r) => void show(Number(r.id)) },
              { key: 'close', label: '关账', perm: 'fin_reconciliations_close', visible: (r) => Number(r.state) === 0, onClick: (r) => void close(Number(r.id)) },
              { key: 'reopen', label: '重新打开', perm: 'fin_reconciliations_reopen', visible: (r) => Number(r.state) === 1, onClick: (r) => setDialog({ kind: 'reopen', id: Number(r.id) }) },
            ]}
          />
        </Tabs.Panel>
        {summary && (
          <Tabs.Panel value="records" pt="xs">
            <ResourcePage
              key={`records-${version}`}
              def={reconciliationRecordResource}
              fixedFilters={recordFilters}
              rowActions={() => [
                {
                  key: 'resolve',
                  label: '处理',
                  perm: 'fin_reconciliation_records_resolve',
                  visible: (r) => Number(r.state) === 0 && summary.state === 0,
                  onClick: (r) => setDialog({ kind: 'resolve', id: Number(r.id) }),
                },
              ]}
            />
          </Tabs.Panel>
        )}
        {summary && (
          <Tabs.Panel value="events" pt="xs">
            <ResourcePage key={`events-${version}`} def={reconciliationEventResource} fixedFilters={recordFilters} exportName={false} />
          </Tabs.Panel>
        )}
      </Tabs>
      <FieldsDialog
        title={dialog ? (dialog.kind === 'resolve' ? '处理差异' : '重新打开对账日') : null}
        fields={dialog?.kind === 'reopen' ? REOPEN : REASON}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          if (!dialog || !summary) {
            if (dialog?.kind === 'reopen') await callApi(reopenDayCall, { body: { id: dialog.id, reason: String(v.reason ?? '') } });
            if (dialog) await show(dialog.id);
            return;
          }
          if (dialog.kind === 'resolve') {
            await callApi(resolveDifferenceCall, { body: { id: dialog.id, reason: String(v.reason ?? '') } });
            notifySuccess('差异已处理');
            await show(summary.recon_id);
          } else {
            await callApi(reopenDayCall, { body: { id: dialog.id, reason: String(v.reason ?? '') } });
            notifySuccess('对账日已重新打开');
            await show(dialog.id);
          }
        }}
      />
    </Stack>
  );
}
