import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { searchUsers } from '../api';

/** A searchable select of active staff (sys_user/get_user_options), by name. */
export function UserPicker({ label, value, onChange, placeholder = '输入姓名搜索' }: { label: string; value: number | null; onChange: (id: number | null, name: string) => void; placeholder?: string }) {
  const [search, setSearch] = useState('');
  const { data = [] } = useQuery({ queryKey: ['wf-user-options', search], queryFn: () => searchUsers(search), staleTime: 30_000 });
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data.map((u) => ({ value: String(u.id), label: u.login_id ? `${u.name}（${u.login_id}）` : u.name }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null, data.find((u) => String(u.id) === v)?.name ?? '')}
      nothingFoundMessage="没有找到人员"
    />
  );
}
