import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { downloadCallFile } from '../../../components/DataTable';
import { notifySuccess } from '../../../components/feedback';
import { FieldInput, type FormValue } from '../../../components/ResourcePage';
import type { FieldDef } from '../../../contract/resource';
import { importCall, importRefusedFileCall, importTemplateCall, type ImportAnswer, type ImportRowResult } from '../../../contract/marketing';

const SCHOOL_FIELD: FieldDef = { type: 'int', label: '导入到校区（新资源进入该校区的待分配）', required: true, options: { kind: 'schools' } };
/** The largest file the import takes (10,000 filled rows stay far below 2 MB). */
const MAX_BYTES = 10 * 1024 * 1024;
/** Rows the dialog lists at once (the counts cover every row). */
const SHOWN = 300;
const RESULT_TEXT: Record<ImportRowResult['result'], { text: string; color: string }> = {
  insert: { text: '新增', color: 'blue' },
  duplicate: { text: '重复', color: 'orange' },
  refused: { text: '拒绝', color: 'red' },
};

export function downloadTemplate(): Promise<void> {
  return downloadCallFile(importTemplateCall.path, {}, '资源导入模板.xlsx');
}

export function downloadRefused(importId: number, fileName: string): Promise<void> {
  return downloadCallFile(importRefusedFileCall.path, { import_id: importId }, `${fileName.replace(/\.xlsx$/i, '')}-拒绝的行.xlsx`);
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result).replace(/^data:[^,]*,/, '')), { once: true });
    reader.addEventListener('error', () => reject(new Error('读取文件失败')), { once: true });
    reader.readAsDataURL(file);
  });
}

function Counts({ a }: { a: ImportAnswer }) {
  return (
    <Group gap="xs" data-testid="import-counts">
      <Badge variant="light" color="gray">
        共 {a.rows.length} 行
      </Badge>
      <Badge variant="light" color="blue">
        {a.dry_run ? '可导入' : '已导入'} {a.inserted} 行
      </Badge>
      <Badge variant="light" color="orange">
        重复 {a.duplicates} 行
      </Badge>
      <Badge variant="light" color="red">
        拒绝 {a.refused} 行
      </Badge>
    </Group>
  );
}

/**
 * 导入资源: the filled template is checked first (a dry run: each row new, a duplicate with who holds
 * it, or refused and why; nothing written), then imported into the chosen campus's 待分配 pool. The
 * import is idempotent by phone: sending the file again adds only what is new. Refused rows of an
 * import download as .xlsx with the reason.
 */
export function LeadImportDialog({ opened, onClose, onImported }: { opened: boolean; onClose: () => void; onImported: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [school, setSchool] = useState<FormValue>(null);
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [filter, setFilter] = useState<'all' | ImportRowResult['result']>('all');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'run' | null>(null);

  useEffect(() => {
    if (!opened) return;
    setAnswer(null);
    setFile(null);
    setError(null);
    setFilter('all');
  }, [opened]);

  const send = async (dryRun: boolean) => {
    if (!school) return setError('请选择导入到的校区');
    if (!file) return setError('请选择要导入的 .xlsx 文件');
    if (!/\.xlsx$/i.test(file.name)) return setError('只能导入 .xlsx 文件，请下载导入模板填写后上传');
    if (file.size === 0) return setError('导入文件是空的，请下载导入模板填写后上传');
    if (file.size > MAX_BYTES) return setError('导入文件不能超过10MB');
    setError(null);
    setBusy(dryRun ? 'check' : 'run');
    try {
      const res = await callApi(importCall, { body: { file: await base64Of(file), file_name: file.name, dry_run: dryRun, school_id: Number(school) } });
      setAnswer(res);
      setFilter(res.refused > 0 ? 'refused' : 'all');
      if (!dryRun) {
        notifySuccess(`导入完成：新增资源 ${res.inserted} 条${res.duplicates > 0 ? `，重复 ${res.duplicates} 条` : ''}${res.refused > 0 ? `，拒绝 ${res.refused} 条` : ''}`);
        onImported();
      }
    } catch (e) {
      setError(errorMessage(e, dryRun ? '校验失败' : '导入失败'));
    } finally {
      setBusy(null);
    }
  };

  const rows = (answer?.rows ?? []).filter((r) => filter === 'all' || r.result === filter);
  return (
    <Modal opened={opened} onClose={onClose} title="导入资源" size="min(1000px, 96vw)" fullScreen={phone} closeOnClickOutside={busy === null} closeOnEscape={busy === null}>
      <Stack gap="sm">
        <Alert color="gray" p="xs">
          <Text size="xs">请先下载导入模板填写（.xlsx，一次最多 20000 行），选择校区和文件后先“校验”：每一行会显示将新增、重复（已有资源及其负责人）或拒绝及原因，此时不会写入任何数据；确认后再“开始导入”，新资源进入所选校区的待分配。同一文件再次导入只会新增尚未导入的资源。</Text>
        </Alert>
        <Group>
          <Button size="xs" variant="light" onClick={() => void downloadTemplate()}>
            下载导入模板
          </Button>
        </Group>
        <FieldInput name="school_id" field={SCHOOL_FIELD} value={school} onChange={(v) => { setSchool(v); setAnswer(null); }} />
        <FileInput label="导入文件" placeholder="选择填好的 .xlsx 文件" accept=".xlsx" value={file} onChange={(f) => { setFile(f); setAnswer(null); }} size="xs" clearable />
        {answer && (
          <>
            <Group justify="space-between">
              <Counts a={answer} />
              {!answer.dry_run && answer.import_id !== null && answer.refused > 0 && (
                <Button size="xs" variant="light" color="red" onClick={() => void downloadRefused(answer.import_id as number, file?.name ?? '资源导入.xlsx')}>
                  下载拒绝行
                </Button>
              )}
            </Group>
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(v) => setFilter(v as typeof filter)}
              data={[
                { value: 'all', label: '全部' },
                { value: 'insert', label: '新增' },
                { value: 'duplicate', label: '重复' },
                { value: 'refused', label: '拒绝' },
              ]}
            />
            <ScrollArea.Autosize mah={phone ? 360 : 420} type="auto">
              <Table striped withTableBorder fz="xs" miw={560} data-testid="import-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>行号</Table.Th>
                    <Table.Th w={110}>学员姓名</Table.Th>
                    <Table.Th w={120}>联系电话</Table.Th>
                    <Table.Th w={70}>结果</Table.Th>
                    <Table.Th>说明</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.slice(0, SHOWN).map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td>{r.parent_phone}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={RESULT_TEXT[r.result].color}>
                          {RESULT_TEXT[r.result].text}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{r.msg}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {rows.length > SHOWN && (
              <Text size="xs" c="dimmed">
                仅显示前 {SHOWN} 行（共 {rows.length} 行）{answer.refused > 0 && !answer.dry_run ? '，全部拒绝行可下载' : ''}
              </Text>
            )}
          </>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy !== null}>
            {answer && !answer.dry_run ? '关闭' : '取消'}
          </Button>
          {(!answer || answer.dry_run) && (
            <Button variant="light" onClick={() => void send(true)} loading={busy === 'check'} disabled={busy === 'run'}>
              校验
            </Button>
          )}
          {answer?.dry_run && answer.inserted > 0 && (
            <Button onClick={() => void send(false)} loading={busy === 'run'}>
              开始导入 {answer.inserted} 条
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
