import { Alert, Badge, Button, FileInput, Group, Modal, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { uploadFile } from '../../components/AttachmentField';
import { DataTable, downloadCallFile, type DataTableColumn } from '../../components/DataTable';
import { notifySuccess } from '../../components/feedback';
import { FieldInput, type FormValue } from '../../components/ResourcePage';
import type { FieldDef } from '../../contract/resource';
import {
  IMPORT_ROW_STATUSES,
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MAX_ROWS,
  importCheckCall,
  importRefusedFileCall,
  importRowsCall,
  importRunCall,
  importTemplateCall,
  type ImportRowView,
  type ImportSummary,
} from '../../contract/student-import';

const SCHOOL_FIELD: FieldDef = { type: 'int', label: '默认校区（校区列为空的行导入到此校区）', required: true, options: { kind: 'schools' } };
const STATUS_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'red', 4: 'orange', 5: 'teal', 6: 'gray' };

type RowRecord = ImportRowView & Record<string, unknown>;

const COLUMNS: DataTableColumn<RowRecord>[] = [
  { prop: 'row_no', label: '行号', width: 60, align: 'right' },
  { prop: 'name', label: '学员姓名', width: 110 },
  { prop: 'parent_phone', label: '家长电话', width: 120 },
  { prop: 'school_name', label: '校区', width: 120 },
  {
    prop: 'status',
    label: '结果',
    width: 80,
    align: 'center',
    render: (r) => (
      <Badge size="sm" variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
        {IMPORT_ROW_STATUSES.find((s) => s.value === r.status)?.text ?? ''}
      </Badge>
    ),
  },
  { prop: 'msg', label: '说明', minWidth: 260 },
];

export function downloadTemplate(): Promise<void> {
  return downloadCallFile(importTemplateCall.path, {}, '学员导入模板.xlsx');
}

export function downloadRefused(summary: Pick<ImportSummary, 'id' | 'file_name'>): Promise<void> {
  return downloadCallFile(importRefusedFileCall.path, { import_id: summary.id }, `${summary.file_name.replace(/\.xlsx$/i, '')}-拒绝的行.xlsx`);
}

function SummaryLine({ s }: { s: ImportSummary }) {
  return (
    <Group gap="xs">
      <Text size="sm" fw={500}>
        {s.file_name}
      </Text>
      <Badge variant="light" color="gray">
        共 {s.total} 行
      </Badge>
      <Badge variant="light" color="blue">
        可导入 {s.accepted} 行
      </Badge>
      <Badge variant="light" color="red">
        拒绝 {s.refused} 行
      </Badge>
      <Badge variant="light" color="green">
        已导入 {s.imported} 行
      </Badge>
      {s.updated > 0 && (
        <Badge variant="light" color="teal">
          已更新 {s.updated} 行
        </Badge>
      )}
      {s.unchanged > 0 && (
        <Badge variant="light" color="gray">
          无变化 {s.unchanged} 行
        </Badge>
      )}
    </Group>
  );
}

/**
 * 导入学员: upload the filled template, see every row's result of the dry run (what will be added,
 * which existing student is updated and how, what is unchanged, what is refused and why), download the refused rows, then import chunk by chunk with progress.
 * Opened on an existing import (the history's 查看 / 继续导入), it shows that import and resumes it
 * from its first chunk left.
 */
export function ImportDialog({ opened, initial, onClose, onChanged }: { opened: boolean; initial: ImportSummary | null; onClose: () => void; onChanged: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [school, setSchool] = useState<FormValue>(null);
  const [file, setFile] = useState<File | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(initial);
  const [filter, setFilter] = useState('all');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'run' | null>(null);
  const [tableSeq, setTableSeq] = useState(0);

  useEffect(() => {
    if (!opened) return;
    setSummary(initial);
    setFile(null);
    setError(null);
    setFilter(initial && initial.refused > 0 && initial.next_chunk === null ? '3' : 'all');
  }, [opened, initial]);

  const check = async () => {
    if (!school) return setError('请选择默认校区');
    if (!file) return setError('请选择要导入的 .xlsx 文件');
    if (!/\.xlsx$/i.test(file.name)) return setError('只能导入 .xlsx 文件，请下载导入模板填写后上传');
    if (file.size === 0) return setError('导入文件是空的，请下载导入模板填写后上传');
    if (file.size > STUDENT_IMPORT_MAX_BYTES) return setError(`导入文件不能超过${STUDENT_IMPORT_MAX_BYTES / 1024 / 1024}MB`);
    setError(null);
    setBusy('check');
    try {
      const up = await uploadFile(file, () => undefined);
      if (up.code !== 200 || up.data === null) throw new Error(up.msg || '上传失败');
      const res = await callApi(importCheckCall, { body: { attachment_id: Number(up.data), school_id: Number(school) } });
      setSummary(res);
      setFilter(res.refused > 0 ? '3' : 'all');
      setTableSeq((n) => n + 1);
      onChanged();
    } catch (e) {
      setError(errorMessage(e, '校验失败'));
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    if (!summary || summary.next_chunk === null) return;
    setError(null);
    setBusy('run');
    let current: ImportSummary = summary;
    try {
      while (current.next_chunk !== null) {
        // a chunk sent again (a retry after a dropped answer) imports nobody twice: the server claims each row once
        current = await callApi(importRunCall, { body: { import_id: current.id, chunk: current.next_chunk } });
        setSummary(current);
      }
      notifySuccess(
        `导入完成：新增学员 ${current.imported} 名${current.updated > 0 ? `，更新学员 ${current.updated} 名` : ''}${current.unchanged > 0 ? `，无变化 ${current.unchanged} 行` : ''}${current.refused > 0 ? `，拒绝 ${current.refused} 行` : ''}`,
      );
    } catch (e) {
      setError(`${errorMessage(e, '导入中断')}。已导入的学员已保存，可点击“继续导入”从中断处继续`);
    } finally {
      setBusy(null);
      setTableSeq((n) => n + 1);
      onChanged();
    }
  };

  const done = summary ? summary.imported + summary.updated : 0;
  const left = summary ? summary.accepted - done : 0;
  const percent = summary && summary.accepted > 0 ? Math.round((done / summary.accepted) * 100) : 0;
  return (
    <Modal opened={opened} onClose={onClose} title="导入学员" size="min(1100px, 96vw)" fullScreen={phone} closeOnClickOutside={busy === null} closeOnEscape={busy === null}>
      <Stack gap="sm">
        {!summary && (
          <>
            <Alert color="gray" p="xs">
              <Text size="xs">
                请先下载导入模板，按“填写说明”填写后上传（.xlsx，一次最多 {STUDENT_IMPORT_MAX_ROWS} 行）。上传后先校验每一行，确认结果后再导入；与本人可见校区的已有学员姓名和电话相同、或身份证号相同的行会更新该学员（只更新填写了的列，空白列保留原值），不会重复新增。
              </Text>
            </Alert>
            <Group>
              <Button size="xs" variant="light" onClick={() => void downloadTemplate()}>
                下载导入模板
              </Button>
            </Group>
            <FieldInput name="school_id" field={SCHOOL_FIELD} value={school} onChange={setSchool} />
            <FileInput label="导入文件" placeholder="选择填好的 .xlsx 文件" accept=".xlsx" value={file} onChange={setFile} size="xs" clearable />
          </>
        )}
        {summary && (
          <>
            <SummaryLine s={summary} />
            {summary.accepted > 0 && (done > 0 || busy === 'run') && <Progress value={percent} size="sm" aria-label="导入进度" />}
            <Group justify="space-between">
              <SegmentedControl
                size="xs"
                value={filter}
                onChange={(v) => {
                  setFilter(v);
                  setTableSeq((n) => n + 1);
                }}
                data={[{ value: 'all', label: '全部' }, ...IMPORT_ROW_STATUSES.map((s) => ({ value: String(s.value), label: s.text }))]}
              />
              {summary.refused > 0 && (
                <Button size="xs" variant="light" color="red" onClick={() => void downloadRefused(summary)}>
                  下载拒绝行
                </Button>
              )}
            </Group>
            <DataTable<RowRecord>
              api={importRowsCall.path}
              columns={COLUMNS}
              query={{ import_id: summary.id, status: filter === 'all' ? undefined : Number(filter) }}
              searchSeq={tableSeq}
              rowKey="id"
              defaultSort="row_no"
              headerHeight={phone ? 120 : 260}
              size="xs"
              defaultPageSize={20}
            />
          </>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy !== null}>
            {summary ? '关闭' : '取消'}
          </Button>
          {!summary && (
            <Button onClick={() => void check()} loading={busy === 'check'}>
              上传并校验
            </Button>
          )}
          {summary && summary.next_chunk !== null && (
            <Button onClick={() => void run()} loading={busy === 'run'}>
              {done > 0 ? `继续导入（剩余 ${left} 行）` : `开始导入 ${summary.accepted} 行`}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
