import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchTeachers, TEACHER_ROLES } from '../api';

interface Props {
  label?: string;
  value: string;
  onChange: (v: string) => void;
  schoolId?: number;
  placeholder?: string;
  required?: boolean;
  error?: string;
  w?: number | string;
  size?: 'xs' | 'sm';
  /** role codes, comma-joined; '' = every member of staff */
  roles?: string;
}

/** Teachers (中教老师 and 外教), or the staff of other roles, of a campus, from sys_user/get_user_options. */
export function TeacherSelect({ label = '老师', value, onChange, schoolId, placeholder, required, error, w, size = 'xs', roles = TEACHER_ROLES }: Props) {
  const q = useQuery({ queryKey: ['edu-teachers', schoolId ?? 0, roles], queryFn: () => fetchTeachers(schoolId, roles), staleTime: 5 * 60_000 });
  const data = (q.data ?? []).map((t) => ({ value: String(t.value), label: t.text }));
  return (
    <Select
      label={label}
      aria-label={label}
      size={size}
      w={w}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable={!required}
      required={required}
      error={error}
      placeholder={placeholder ?? (q.isPending ? '加载中…' : '请选择')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
