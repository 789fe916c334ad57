import { ActionIcon, Alert, Button, Group, Loader, Modal, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { DEFAULT_RULES, FEE_UNITS, RULE_CALLS, RULE_LEVEL_TEXT, type BcRule, type BmRule, type FeeRule, type MkRule, type PayKind, type RuleAnswer, type RuleKind } from '../../contract/employee_pay';
import { fenToYuan, yuanToFen } from '../../lib/format/money';
import { bpToPercent, percentToBp, yuan } from './format';

type Num = string | number;

/** A yuan input keeping what was typed; converted to fen only when saved. */
function Yuan({ label, value, onChange, readOnly }: { label?: string; value: Num; onChange: (v: Num) => void; readOnly: boolean }) {
  return <NumberInput aria-label={label} label={label} size="xs" decimalScale={2} min={0} value={value} onChange={onChange} readOnly={readOnly} w={120} />;
}
function Percent({ label, value, onChange, readOnly }: { label?: string; value: Num; onChange: (v: Num) => void; readOnly: boolean }) {
  return <NumberInput aria-label={label} label={label} size="xs" decimalScale={2} min={0} max={100} suffix="%" value={value} onChange={onChange} readOnly={readOnly} w={110} />;
}

const toFen = (v: Num): number => {
  const f = yuanToFen(v);
  if (f === null || f < 0) throw new Error('金额请输入不小于 0 的数字（元，最多两位小数）');
  return f;
};
const toBp = (v: Num): number => {
  const b = percentToBp(v);
  if (b === null || b > 10000) throw new Error('比例请输入 0 到 100 之间的数字（最多两位小数）');
  return b;
};
const y = (fen: number): Num => fenToYuan(fen) ?? 0;

/** Rows of a table of tiers, each a record of typed inputs. */
type Rows = Record<string, Num>[];

function TierTable({ heads, rows, setRows, readOnly, render, blank }: { heads: string[]; rows: Rows; setRows: (r: Rows) => void; readOnly: boolean; render: (row: Record<string, Num>, set: (k: string, v: Num) => void) => ReactNode[]; blank: Record<string, Num> }) {
  return (
    <Stack gap={4}>
      <Table withTableBorder fz="xs">
        <Table.Thead>
          <Table.Tr>
            {heads.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
            {readOnly ? null : <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              {render(row, (k, v) => setRows(rows.map((r, j) => (j === i ? { ...r, [k]: v } : r)))).map((cell, j) => (
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
              {readOnly ? null : (
                <Table.Td>
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label="删除档位" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                    ×
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {readOnly ? null : (
        <Button size="compact-xs" variant="light" w={90} onClick={() => setRows([...rows, { ...blank }])}>
          添加一行
        </Button>
      )}
    </Stack>
  );
}

interface Editor {
  node: ReactNode;
  /** the config to save; throws a Chinese message for bad input */
  build: () => unknown;
}

function useBcEditor(rule: BcRule, readOnly: boolean): Editor {
  const [rows, setRows] = useState<Rows>(() => rule.tiers.map((t) => ({ from: y(t.from), new: bpToPercent(t.new_bp), renew: bpToPercent(t.renew_bp) })));
  return {
    node: (
      <TierTable
        heads={['净收款达到（元）', '新签提成比例', '续费提成比例']}
        rows={rows}
        setRows={setRows}
        readOnly={readOnly}
        blank={{ from: '', new: '', renew: '' }}
        render={(r, set) => [
          <Yuan key="f" label="净收款达到（元）" value={r.from} onChange={(v) => set('from', v)} readOnly={readOnly} />,
          <Percent key="n" label="新签提成比例" value={r.new} onChange={(v) => set('new', v)} readOnly={readOnly} />,
          <Percent key="r" label="续费提成比例" value={r.renew} onChange={(v) => set('renew', v)} readOnly={readOnly} />,
        ]}
      />
    ),
    build: (): BcRule => ({ tiers: rows.map((r) => ({ from: toFen(r.from), new_bp: toBp(r.new), renew_bp: toBp(r.renew) })) }),
  };
}

function useBmEditor(rule: BmRule, readOnly: boolean): Editor {
  const [net, setNet] = useState<Num>(bpToPercent(rule.net_bp));
  const [consume, setConsume] = useState<Num>(bpToPercent(rule.consume_bp));
  const [rows, setRows] = useState<Rows>(() => rule.tiers.map((t) => ({ attain: (t.attain_permille / 10).toFixed(1), bonus: y(t.bonus) })));
  return {
    node: (
      <Stack gap="xs">
        <Group gap="sm">
          <Percent label="净收款奖金比例" value={net} onChange={setNet} readOnly={readOnly} />
          <Percent label="课消奖金比例" value={consume} onChange={setConsume} readOnly={readOnly} />
        </Group>
        <TierTable
          heads={['计划达成率达到', '达成奖金（元）']}
          rows={rows}
          setRows={setRows}
          readOnly={readOnly}
          blank={{ attain: '', bonus: '' }}
          render={(r, set) => [
            <NumberInput key="a" aria-label="计划达成率达到" size="xs" decimalScale={1} min={0} suffix="%" value={r.attain} onChange={(v) => set('attain', v)} readOnly={readOnly} w={110} />,
            <Yuan key="b" label="达成奖金（元）" value={r.bonus} onChange={(v) => set('bonus', v)} readOnly={readOnly} />,
          ]}
        />
      </Stack>
    ),
    build: (): BmRule => ({
      net_bp: toBp(net),
      consume_bp: toBp(consume),
      tiers: rows.map((r) => {
        const permille = Math.round(Number(r.attain) * 10);
        if (!Number.isFinite(permille) || String(r.attain).trim() === '') throw new Error('请填写计划达成率');
        return { attain_permille: permille, bonus: toFen(r.bonus) };
      }),
    }),
  };
}

function useMkEditor(rule: MkRule, readOnly: boolean): Editor {
  const [v, setV] = useState<Record<string, Num>>({ valid_lead: y(rule.valid_lead), visit: y(rule.visit), deal: y(rule.deal) });
  const set = (k: string) => (x: Num) => setV({ ...v, [k]: x });
  return {
    node: (
      <Group gap="sm">
        <Yuan label="每条有效资源（元）" value={v.valid_lead} onChange={set('valid_lead')} readOnly={readOnly} />
        <Yuan label="每次到访（元）" value={v.visit} onChange={set('visit')} readOnly={readOnly} />
        <Yuan label="每单成交（元）" value={v.deal} onChange={set('deal')} readOnly={readOnly} />
      </Group>
    ),
    build: (): MkRule => ({ valid_lead: toFen(v.valid_lead), visit: toFen(v.visit), deal: toFen(v.deal) }),
  };
}

const UNIT_DATA = FEE_UNITS.map((u) => ({ value: u.value, label: u.text }));
const unitOf = (v: string | null): 'lesson' | 'hour' => (v === 'lesson' ? 'lesson' : 'hour');

function useFeeEditor(rule: FeeRule, readOnly: boolean): Editor {
  const [unit, setUnit] = useState<'lesson' | 'hour'>(rule.unit);
  const [amount, setAmount] = useState<Num>(y(rule.amount));
  const [foreign, setForeign] = useState<Num>(y(rule.foreign_amount));
  const [rows, setRows] = useState<Rows>(() => rule.by_class_type.map((t) => ({ class_type_id: t.class_type_id, unit: t.unit, amount: y(t.amount), foreign: y(t.foreign_amount) })));
  return {
    node: (
      <Stack gap="xs">
        <Group gap="sm" align="flex-end">
          <Select label="计费方式" size="xs" w={110} data={UNIT_DATA} value={unit} onChange={(v) => setUnit(unitOf(v))} readOnly={readOnly} allowDeselect={false} />
          <Yuan label="中教课时费（元）" value={amount} onChange={setAmount} readOnly={readOnly} />
          <Yuan label="外教课时费（元）" value={foreign} onChange={setForeign} readOnly={readOnly} />
        </Group>
        <Text size="xs" c="dimmed">
          按班型单独设置（班型编号见班型管理）：
        </Text>
        <TierTable
          heads={['班型编号', '计费方式', '中教（元）', '外教（元）']}
          rows={rows}
          setRows={setRows}
          readOnly={readOnly}
          blank={{ class_type_id: '', unit: 'hour', amount: '', foreign: '' }}
          render={(r, set) => [
            <NumberInput key="c" aria-label="班型编号" size="xs" min={1} allowDecimal={false} value={r.class_type_id} onChange={(v) => set('class_type_id', v)} readOnly={readOnly} w={90} />,
            <Select key="u" aria-label="计费方式" size="xs" w={100} data={UNIT_DATA} value={String(r.unit)} onChange={(v) => set('unit', unitOf(v))} readOnly={readOnly} allowDeselect={false} />,
            <Yuan key="a" label="中教（元）" value={r.amount} onChange={(v) => set('amount', v)} readOnly={readOnly} />,
            <Yuan key="f" label="外教（元）" value={r.foreign} onChange={(v) => set('foreign', v)} readOnly={readOnly} />,
          ]}
        />
      </Stack>
    ),
    build: (): FeeRule => ({
      unit,
      amount: toFen(amount),
      foreign_amount: toFen(foreign),
      by_class_type: rows.map((r) => ({ class_type_id: Number(r.class_type_id), unit: unitOf(String(r.unit)), amount: toFen(r.amount), foreign_amount: toFen(r.foreign) })),
    }),
  };
}

function Source({ a }: { a: RuleAnswer }) {
  return (
    <Text size="xs" c="dimmed">
      当前适用：{RULE_LEVEL_TEXT[a.level]}
      {a.org_name ? `（${a.org_name}）` : ''}
      {a.updated_at ? `，更新于 ${a.updated_at}` : ''}。保存后为所选校区单独设置；已确认的月份不受影响。
    </Text>
  );
}

/** One kind's rule loaded and edited (saved on the campus). */
function RuleForm({ kind, schoolId, canSave, onClose, onSaved }: { kind: RuleKind; schoolId: number; canSave: boolean; onClose: () => void; onSaved: () => void }) {
  const q = useQuery({ queryKey: ['pay-rule', kind, schoolId], queryFn: (): Promise<RuleAnswer> => callApi(RULE_CALLS[kind].get as typeof RULE_CALLS.MK.get, { query: { school_id: schoolId } }), retry: false });
  if (q.isLoading) return <Loader size="sm" />;
  if (q.isError || !q.data) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  return <RuleEditor kind={kind} answer={q.data} schoolId={schoolId} canSave={canSave} onClose={onClose} onSaved={onSaved} />;
}

function RuleEditor({ kind, answer: a, schoolId, canSave, onClose, onSaved }: { kind: RuleKind; answer: RuleAnswer; schoolId: number; canSave: boolean; onClose: () => void; onSaved: () => void }) {
  const readOnly = !canSave;
  // every editor hook runs (hooks may not be conditional); the ones of other kinds get the defaults
  const bc = useBcEditor(kind === 'BC' ? (a.config as BcRule) : DEFAULT_RULES.BC, readOnly);
  const bm = useBmEditor(kind === 'BM' ? (a.config as BmRule) : DEFAULT_RULES.BM, readOnly);
  const mk = useMkEditor(kind === 'MK' ? (a.config as MkRule) : DEFAULT_RULES.MK, readOnly);
  const fee = useFeeEditor(kind === 'ltFee' ? (a.config as FeeRule) : DEFAULT_RULES.ltFee, readOnly);
  const editor = { BC: bc, BM: bm, MK: mk, ltFee: fee }[kind];
  const { error, setError, busy, submit } = useDialogSubmit('保存失败');
  const save = () => {
    let config: unknown;
    try {
      config = editor.build();
    } catch (e) {
      setError(e instanceof Error ? e.message : '规则格式不正确');
      return;
    }
    void submit(async () => {
      // the server parses the config with the kind's own schema (RULE_SCHEMAS)
      await callApi(RULE_CALLS[kind].save as typeof RULE_CALLS.MK.save, { body: { org_id: schoolId, config: config as MkRule } });
      notifySuccess('规则已保存');
      onSaved();
    });
  };
  return (
    <Stack gap="xs">
      <Source a={a} />
      {editor.node}
      {canSave ? <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={save} confirmLabel="保存" /> : null}
    </Stack>
  );
}

/** 计算规则 of a pay screen at the chosen campus; BMBC shows the BC and BM rules it combines. */
export function RulesDialog({ kind, schoolId, canSave, onClose, onSaved }: { kind: PayKind; schoolId: number; canSave: boolean; onClose: () => void; onSaved: () => void }) {
  return (
    <Modal opened onClose={onClose} title="计算规则" size="lg">
      {kind === 'BMBC' ? (
        <Stack gap="sm">
          <Text size="xs">校长兼顾问：本人订单按课程顾问提成规则计算，校长奖金按校长奖金规则计算且不含本人订单（两项分别在对应页面设置）。</Text>
          <Text size="xs" fw={700}>
            课程顾问提成规则
          </Text>
          <RuleForm kind="BC" schoolId={schoolId} canSave={false} onClose={onClose} onSaved={onSaved} />
          <Text size="xs" fw={700}>
            校长奖金规则
          </Text>
          <RuleForm kind="BM" schoolId={schoolId} canSave={false} onClose={onClose} onSaved={onSaved} />
        </Stack>
      ) : (
        <RuleForm kind={kind} schoolId={schoolId} canSave={canSave} onClose={onClose} onSaved={onSaved} />
      )}
      <Text size="xs" c="dimmed" mt="xs">
        金额单位为元（保存为分），比例最多两位小数（保存为万分比）。示例：{yuan(500000)} 起按 5.00%。
      </Text>
    </Modal>
  );
}
