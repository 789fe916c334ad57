import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchClassLessons } from '../classes/classApi';

/** A lesson of one class ('第3次 2026-11-21 18:00-19:30'); `from` hides earlier lessons. */
export function LessonSelect({ classId, value, onChange, label = '课次', from }: { classId: number | null; value: string; onChange: (v: string) => void; label?: string; from?: string }) {
  const q = useQuery({ queryKey: ['edu-class-lessons', classId], enabled: classId !== null, queryFn: () => fetchClassLessons(classId as number) });
  const data = (q.data?.content ?? [])
    .filter((l) => !from || l.lesson_date >= from)
    .map((l) => ({ value: String(l.id), label: `${l.lesson_no ? `第${l.lesson_no}次 ` : ''}${l.lesson_date} ${l.start_time}-${l.end_time}` }));
  return (
    <Select
      label={label}
      required
      searchable
      disabled={classId === null}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      placeholder={classId === null ? '请先选择班级' : q.isPending ? '加载中…' : data.length ? '请选择' : '没有可选的课次'}
    />
  );
}
