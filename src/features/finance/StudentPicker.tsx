import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatYuan } from '../../lib/format/money';
import type { AccountStudentHit } from '../../contract/finance-accounts';
import { financeApi } from './api';

/** Finds a student by name or full phone (fn_student_account/find_students) and shows their campus and balance. */
export function StudentPicker({ label, value, onChange, required }: { label: string; value: AccountStudentHit | null; onChange: (hit: AccountStudentHit | null) => void; required?: boolean }) {
  const [search, setSearch] = useState('');
  const [hits, setHits] = useState<AccountStudentHit[]>(value ? [value] : []);
  useEffect(() => {
    const kw = search.trim();
    if (!kw || (value && kw === optionLabel(value))) return;
    let stale = false;
    // wait for the typing to pause before asking the server
    const timer = setTimeout(() => {
      financeApi
        .findStudents(kw)
        .then((rows) => {
          if (!stale) setHits(rows);
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [search, value]);
  const data = hits.map((h) => ({ value: String(h.id), label: optionLabel(h) }));
  return (
    <Select
      label={label}
      placeholder="输入学员姓名或手机号搜索"
      searchable
      clearable
      required={required}
      data={data}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={search.trim() ? '没有找到学员' : '请输入姓名或手机号'}
      filter={({ options }) => options}
      onChange={(v) => onChange(hits.find((h) => String(h.id) === v) ?? null)}
    />
  );
}

function optionLabel(h: AccountStudentHit): string {
  return `${h.name}（${h.school_name ?? ''}，余额 ${formatYuan(h.balance)} 元）`;
}
