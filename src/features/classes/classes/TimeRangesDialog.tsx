import { ActionIcon, Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { TimeField } from '../../../components/TimeField';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { WEEK_DAYS } from '../../../contract/resources/base';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { errorMessage } from '../../../api/client';
import { fetchTimeRanges, saveTimeRanges } from '../api';
import { newRow, slotsOf, type PatternRow } from '../timetable/patternRows';

const WEEK_DAY_DATA = WEEK_DAYS.map((d) => ({ value: String(d.value), label: d.text }));

/** 上课时间段 of a class: the weekly pattern arranging starts from (update replaces them all). */
interface Cls {
  id: number;
  name: string;
}

export function TimeRangesDialog({ cls, onClose }: { cls: Cls | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['edu-time-ranges', cls ? String(cls.id) : ''], enabled: cls !== null, queryFn: () => fetchTimeRanges(cls?.id as number) });
  return (
    <Modal opened={cls !== null} onClose={onClose} title={`上课时间段：${cls?.name ?? ''}`} centered>
      {q.error && <Alert color="red">{errorMessage(q.error)}</Alert>}
      {cls && !q.data && !q.error && <Loader size="sm" />}
      {cls && q.data && (
        <RangesForm
          key={`${cls.id}:${q.dataUpdatedAt}`}
          cls={cls}
          initial={q.data.content.map((r) => newRow({ week_day: String(r.week_day), start_time: r.start_time, end_time: r.end_time }))}
          onSaved={() => {
            void q.refetch();
            onClose();
          }}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RangesForm({ cls, initial, onSaved, onClose }: { cls: Cls; initial: PatternRow[]; onSaved: () => void; onClose: () => void }) {
  const [rows, setRows] = useState<PatternRow[]>(initial);
  const { error, setError, busy, submit } = useDialogSubmit();
  const setRow = (key: number, patch: Partial<PatternRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const save = () => {
    const s = rows.length === 0 ? { slots: [] } : slotsOf(rows);
    if ('error' in s) return setError(s.error);
    void submit(async () => {
      await saveTimeRanges(cls.id, s.slots);
      notifySuccess('上课时间段已保存');
      onSaved();
    });
  };
  return (
    <Stack gap="xs">
      {rows.map((r, i) => (
        <Group key={r.key} gap={6} wrap="nowrap">
          <Select size="sm" w={100} aria-label={`第${i + 1}行星期`} placeholder="星期" data={WEEK_DAY_DATA} value={r.week_day || null} onChange={(v) => setRow(r.key, { week_day: v ?? '' })} />
          <TimeField name={`第${i + 1}行开始时间`} value={r.start_time} onChange={(v) => setRow(r.key, { start_time: v })} />
          <Text size="sm">至</Text>
          <TimeField name={`第${i + 1}行结束时间`} value={r.end_time} onChange={(v) => setRow(r.key, { end_time: v })} />
          <ActionIcon variant="subtle" color="red" aria-label={`删除第${i + 1}行`} onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          尚未设置上课时间段
        </Text>
      )}
      <Button size="xs" variant="light" leftSection={<IconPlus size={12} />} onClick={() => setRows((rs) => [...rs, newRow()])} w="fit-content">
        添加时间段
      </Button>
      <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={save} confirmLabel="保存" />
    </Stack>
  );
}
