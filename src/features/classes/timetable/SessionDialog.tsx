import { Alert, Button, Divider, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { TimeField } from '../../../components/TimeField';
import { useState } from 'react';
import type { ScheduleRow } from '../../../contract/classes';
import { SCHEDULE_STATES } from '../../../contract/resources/classes';
import { OptionInput } from '../../../components/options';
import { useHasPermission } from '../../../components/session';
import { confirmAction, notifySuccess } from '../../../components/feedback';
import { errorMessage } from '../../../api/client';
import { deleteLessons, replaceTeacher, reviseLesson } from '../api';
import { TeacherSelect } from '../pickers/TeacherSelect';
import { CLASSROOM_SOURCE } from '../pickers/sources';

type Mode = 'view' | 'revise' | 'teacher';

interface Props {
  lesson: ScheduleRow | null;
  onClose: () => void;
  onChanged: () => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** One lesson of the timetable: its details, and revise / replace teacher / delete (clashes shown in place). */
export function SessionDialog({ lesson, onClose, onChanged }: Props) {
  if (!lesson) return null;
  return <LessonDialog key={lesson.id} lesson={lesson} onClose={onClose} onChanged={onChanged} />;
}

function LessonDialog({ lesson, onClose, onChanged }: Props & { lesson: ScheduleRow }) {
  const can = useHasPermission();
  const [mode, setMode] = useState<Mode>('view');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState<string | null>(lesson.lesson_date);
  const [start, setStart] = useState(lesson.start_time);
  const [end, setEnd] = useState(lesson.end_time);
  const [teacher, setTeacher] = useState(lesson.teacher_id ? String(lesson.teacher_id) : '');
  const [room, setRoom] = useState(lesson.classroom_id ? String(lesson.classroom_id) : '');
  const [remark, setRemark] = useState('');
  const attended = lesson.state === 2;

  const run = async (what: () => Promise<unknown>, done: string) => {
    setError(null);
    setBusy(true);
    try {
      await what();
      notifySuccess(done);
      onChanged();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const revise = () => {
    if (!date || !start || !end) return setError('请填写上课日期、开始时间和结束时间');
    if (end.slice(0, 5) <= start.slice(0, 5)) return setError('结束时间必须晚于开始时间');
    void run(
      () =>
        reviseLesson({
          id: lesson.id,
          lesson_date: date,
          start_time: start.slice(0, 5),
          end_time: end.slice(0, 5),
          teacher_id: teacher ? Number(teacher) : undefined,
          classroom_id: room ? Number(room) : undefined,
          remark: remark || undefined,
        }),
      '课次已调整',
    );
  };
  const changeTeacher = () => {
    if (!teacher) return setError('请选择新老师');
    void run(() => replaceTeacher({ ids: [lesson.id], teacher_id: Number(teacher) }), '已更换老师');
  };
  const remove = async () => {
    if (!(await confirmAction(`确定删除 ${lesson.lesson_date} ${lesson.start_time} 的 ${lesson.class_name} 这次课吗？`))) return;
    void run(() => deleteLessons([lesson.id]), '课次已删除');
  };

  return (
    <Modal opened onClose={onClose} title={`${lesson.class_name}${lesson.lesson_no ? ` · 第${lesson.lesson_no}次课` : ''}`} centered size="md">
      <Stack gap="sm" data-testid="session-dialog">
        <SimpleGrid cols={2} spacing="xs">
          <Field label="上课时间">
            {lesson.lesson_date} {lesson.start_time}-{lesson.end_time}
          </Field>
          <Field label="状态">{SCHEDULE_STATES.find((s) => s.value === lesson.state)?.text ?? '—'}</Field>
          <Field label="老师">{lesson.teacher_name ?? '未指定'}</Field>
          <Field label="教室">{lesson.classroom_name ?? '未指定'}</Field>
          <Field label="学员">{lesson.student_count} 人</Field>
          <Field label="课时">{lesson.hours}</Field>
        </SimpleGrid>
        {mode === 'revise' && (
          <>
            <Divider label="调整课次" labelPosition="left" />
            <DatePickerInput label="上课日期" size="sm" valueFormat="YYYY-MM-DD" value={date} onChange={setDate} disabled={attended} />
            <Group grow>
              <TimeField label="开始时间" name="开始时间" value={start} onChange={setStart} />
              <TimeField label="结束时间" name="结束时间" value={end} onChange={setEnd} />
            </Group>
            <Group grow>
              <TeacherSelect label="老师" value={teacher} onChange={setTeacher} schoolId={lesson.school_id} size="sm" />
              <OptionInput kind="select" source={CLASSROOM_SOURCE} label="教室" value={room} onChange={setRoom} size="sm" />
            </Group>
            <TextInput label="备注" size="sm" maxLength={255} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
          </>
        )}
        {mode === 'teacher' && (
          <>
            <Divider label="更换老师" labelPosition="left" />
            <TeacherSelect label="新老师" required value={teacher} onChange={setTeacher} schoolId={lesson.school_id} size="sm" />
          </>
        )}
        {error && (
          <Alert color="red" data-testid="session-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {mode === 'view' ? (
            <>
              {can('edu_class_schedule_delete') && !attended && (
                <Button color="red" variant="light" onClick={() => void remove()} loading={busy}>
                  删除
                </Button>
              )}
              {can('edu_class_schedule_replace_teacher') && (
                <Button variant="light" onClick={() => setMode('teacher')}>
                  更换老师
                </Button>
              )}
              {can('edu_class_schedule_revise') && <Button onClick={() => setMode('revise')}>调整</Button>}
              <Button variant="default" onClick={onClose}>
                关闭
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={() => setMode('view')}>
                返回
              </Button>
              <Button onClick={mode === 'revise' ? revise : changeTeacher} loading={busy}>
                保存
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
