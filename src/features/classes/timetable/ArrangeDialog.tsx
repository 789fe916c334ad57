import { ActionIcon, Alert, Button, Center, Group, Loader, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { TimeField } from '../../../components/TimeField';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ArrangeResult } from '../../../contract/classes';
import { WEEK_DAYS } from '../../../contract/resources/base';
import { OptionInput } from '../../../components/options';
import { notifySuccess } from '../../../components/feedback';
import { errorMessage } from '../../../api/client';
import { arrangeSchedule, fetchTimeRanges } from '../api';
import { TeacherSelect } from '../pickers/TeacherSelect';
import { CLASS_SOURCE, CLASSROOM_SOURCE } from '../pickers/sources';
import { newRow, slotsOf, type PatternRow } from './patternRows';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** fixed class (from the class list); otherwise chosen in the dialog */
  classId?: number;
  className?: string;
  onArranged?: (r: ArrangeResult) => void;
}

const WEEK_DAY_DATA = WEEK_DAYS.map((d) => ({ value: String(d.value), label: d.text }));

/**
 * 排课: a weekly pattern over a date range. Holidays are skipped and swap days honoured by the
 * server; a double booking of teacher or classroom comes back as the server's message, shown here.
 */
export function ArrangeDialog({ opened, onClose, classId, className, onArranged }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={className ? `排课：${className}` : '排课'} size="lg" centered>
      {opened && <ArrangeBody classId={classId} onClose={onClose} onArranged={onArranged} />}
    </Modal>
  );
}

function rowsOf(ranges: { week_day: number; start_time: string; end_time: string }[] | undefined): PatternRow[] {
  return ranges && ranges.length ? ranges.map((r) => newRow({ week_day: String(r.week_day), start_time: r.start_time, end_time: r.end_time })) : [newRow()];
}

const rangesKey = (classId: number) => ['edu-time-ranges', String(classId)];

/** The class's own time ranges are the starting pattern: loaded before the form opens. */
function ArrangeBody({ classId, onClose, onArranged }: Pick<Props, 'classId' | 'onClose' | 'onArranged'>) {
  const ranges = useQuery({ queryKey: rangesKey(classId ?? 0), enabled: !!classId, queryFn: () => fetchTimeRanges(classId as number) });
  if (classId && ranges.isPending) {
    return (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  return <ArrangeForm classId={classId} initialRows={rowsOf(ranges.data?.content)} onClose={onClose} onArranged={onArranged} />;
}

function ArrangeForm({ classId, initialRows, onClose, onArranged }: Pick<Props, 'classId' | 'onClose' | 'onArranged'> & { initialRows: PatternRow[] }) {
  const queryClient = useQueryClient();
  const [cls, setCls] = useState(classId ? String(classId) : '');
  const [range, setRange] = useState<[string | null, string | null]>([dayjs().format('YYYY-MM-DD'), dayjs().add(3, 'month').format('YYYY-MM-DD')]);
  const [rows, setRows] = useState<PatternRow[]>(initialRows);
  const [teacher, setTeacher] = useState('');
  const [room, setRoom] = useState('');
  const [limit, setLimit] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const chooseClass = async (v: string) => {
    setCls(v);
    if (!v) return;
    try {
      const r = await queryClient.fetchQuery({ queryKey: rangesKey(Number(v)), queryFn: () => fetchTimeRanges(Number(v)) });
      setRows(rowsOf(r.content));
    } catch {
      // without the class's ranges the user types the pattern
    }
  };

  const setRow = (key: number, patch: Partial<PatternRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = async () => {
    setError(null);
    if (!cls) return setError('请选择班级');
    if (!range[0] || !range[1]) return setError('请选择排课日期范围');
    const s = slotsOf(rows);
    if ('error' in s) return setError(s.error);
    setBusy(true);
    try {
      const r = await arrangeSchedule({
        class_id: Number(cls),
        date_start: range[0],
        date_end: range[1],
        slots: s.slots,
        teacher_id: teacher ? Number(teacher) : undefined,
        classroom_id: room ? Number(room) : undefined,
        limit: limit === '' ? undefined : limit,
      });
      const skipped = r.skipped.length ? `，跳过 ${r.skipped.length} 天（节假日等）` : '';
      notifySuccess(`已排 ${r.count} 次课（${r.first_date ?? ''} ~ ${r.last_date ?? ''}）${skipped}`);
      onArranged?.(r);
      onClose();
    } catch (e) {
      setError(errorMessage(e, '排课失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {!classId && <OptionInput kind="select" source={CLASS_SOURCE} label="班级" required value={cls} onChange={(v) => void chooseClass(v)} size="sm" />}
      <DatePickerInput
        type="range"
        label="日期范围"
        required
        size="sm"
        valueFormat="YYYY-MM-DD"
        value={range}
        onChange={(v) => setRange([v[0] ?? null, v[1] ?? null])}
        allowSingleDateInRange
      />
      <div>
        <Group justify="space-between" mb={4}>
          <Text size="sm" fw={500}>
            每周上课时间
          </Text>
          <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} onClick={() => setRows((rs) => [...rs, newRow()])}>
            添加时间段
          </Button>
        </Group>
        <Stack gap={6}>
          {rows.map((r, i) => (
            <Group key={r.key} gap={6} wrap="nowrap" data-testid="pattern-row">
              <Select size="sm" w={110} aria-label={`第${i + 1}行星期`} placeholder="星期" data={WEEK_DAY_DATA} value={r.week_day || null} onChange={(v) => setRow(r.key, { week_day: v ?? '' })} />
              <TimeField name={`第${i + 1}行开始时间`} value={r.start_time} onChange={(v) => setRow(r.key, { start_time: v })} />
              <Text size="sm">至</Text>
              <TimeField name={`第${i + 1}行结束时间`} value={r.end_time} onChange={(v) => setRow(r.key, { end_time: v })} />
              <ActionIcon variant="subtle" color="red" aria-label={`删除第${i + 1}行`} onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))} disabled={rows.length === 1}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </div>
      <Group grow>
        <TeacherSelect label="老师" placeholder="默认：班级主讲老师" value={teacher} onChange={setTeacher} size="sm" />
        <OptionInput kind="select" source={CLASSROOM_SOURCE} label="教室" placeholder="默认：班级教室" value={room} onChange={setRoom} size="sm" />
      </Group>
      <NumberInput label="最多排课次数" description="留空则排满日期范围（不超过班型课次数）" size="sm" min={1} max={1000} value={limit} onChange={(v) => setLimit(typeof v === 'number' ? v : '')} />
      {error && (
        <Alert color="red" data-testid="arrange-error" title="无法排课">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button onClick={() => void submit()} loading={busy}>
          确定排课
        </Button>
      </Group>
    </Stack>
  );
}
