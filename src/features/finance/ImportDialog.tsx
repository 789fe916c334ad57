import { Alert, Button, FileInput, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { callApi } from '../../api/call';
import { importStatementCall, STATEMENT_COLUMNS } from '../../contract/finance-flows';
import { FLOW_KIND_OPTIONS, FLOW_KINDS, type FlowKind } from '../../contract/resources/finance-flows';
import type { FieldDef } from '../../contract/resource';
import { FieldInput, type FormValue } from '../../components/ResourcePage';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { formatYuan } from '../../lib/format/money';
import { fileAsBase64 } from './readFile';

const KIND_FIELD: FieldDef = { type: 'string', label: '渠道', required: true, options: { kind: 'static', items: FLOW_KIND_OPTIONS } };
const SCHOOL_FIELD: FieldDef = { type: 'int', label: '校区', required: true, options: { kind: 'schools' } };

/** 导入对账单: a channel's statement (.xlsx/.csv in its column layout) becomes flows of a campus. */
export function ImportDialog({ opened, kind, onClose, onDone }: { opened: boolean; kind?: FlowKind; onClose: () => void; onDone: () => void }) {
  const [chosenKind, setKind] = useState<FormValue>(kind ?? null);
  const [school, setSchool] = useState<FormValue>(null);
  const [file, setFile] = useState<File | null>(null);
  const { error, setError, busy, submit } = useDialogSubmit('导入失败');
  useEffect(() => {
    if (opened) {
      setKind(kind ?? null);
      setSchool(null);
      setFile(null);
      setError(null);
    }
  }, [opened, kind, setError]);
  const layout = chosenKind ? STATEMENT_COLUMNS[chosenKind as FlowKind] : undefined;
  const confirm = () => {
    if (!chosenKind) return setError('请选择渠道');
    if (!school) return setError('请选择校区');
    if (!file) return setError('请选择对账单文件');
    void submit(async () => {
      const content = await fileAsBase64(file);
      const res = await callApi(importStatementCall, { body: { kind: chosenKind as FlowKind, school_id: Number(school), file_name: file.name, content } });
      notifySuccess(`已导入 ${res.count} 笔流水，合计 ${formatYuan(res.amount)} 元`);
      onDone();
      onClose();
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="导入对账单" size="md">
      <Stack gap="sm">
        {!kind && <FieldInput name="kind" field={KIND_FIELD} value={chosenKind} onChange={setKind} />}
        <FieldInput name="school_id" field={SCHOOL_FIELD} value={school} onChange={setSchool} />
        <FileInput label="对账单文件" placeholder="选择 .xlsx 或 .csv 文件" accept=".xlsx,.csv" value={file} onChange={setFile} size="xs" clearable />
        {layout && (
          <Alert color="gray" p="xs">
            <Text size="xs">
              {FLOW_KINDS.find((k) => k.kind === chosenKind)?.channel}对账单的表头：{layout.trade_no[0]}、{layout.pay_time[0]}、{layout.amount[0]}（必需），{layout.order_no[0]}、{layout.fee[0]}、{layout.trade_type[0]}等（可选）。流水号已存在的对账单整份不导入。
            </Text>
          </Alert>
        )}
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={confirm} confirmLabel="导入" />
      </Stack>
    </Modal>
  );
}

/** The toolbar's 导入对账单 button (only for holders of its operation code). */
export function importButton(allowed: boolean, onClick: () => void): ReactNode {
  if (!allowed) return null;
  return (
    <Button size="xs" variant="light" onClick={onClick}>
      导入对账单
    </Button>
  );
}
