import { MultiSelect, PasswordInput, Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { OptionInput } from '../../../components/options';
import { TreeCascader } from '../../../components/TreeCascader';
import { EditDialogFrame, useEditDialog } from '../shared/EditDialog';
import { emptyUserForm, userBody, validateUser, type UserFormValues } from './userForm';

const SEXES = [
  { value: '1', label: '男' },
  { value: '2', label: '女' },
];

export function useRoleOptions() {
  return useQuery({
    queryKey: ['role-all'],
    staleTime: 60_000,
    queryFn: async () => (await api.post<{ id: number; name: string }[]>('api/v1/system/role_all', {})).map((r) => ({ value: String(r.id), label: r.name })),
  });
}

export function UserDialog({ initial, onClose, onSaved }: { initial: UserFormValues | null; onClose: () => void; onSaved: () => void }) {
  const { form, editing, saving, close, submit } = useEditDialog<UserFormValues>({
    initial,
    empty: emptyUserForm,
    validate: validateUser,
    body: userBody,
    addUrl: 'api/v1/system/add_user',
    updateUrl: 'api/v1/system/update_user',
    onClose,
    onSaved,
  });
  const roles = useRoleOptions();
  const { values: v, errors, set } = form;
  return (
    <EditDialogFrame opened={initial !== null} title={editing ? '编辑用户' : '新增用户'} size="lg" saving={saving} onClose={close} onSubmit={submit}>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <TextInput size="xs" label="账号" required disabled={editing} value={v.login_id} error={errors.login_id} onChange={(e) => set('login_id', e.currentTarget.value)} />
        {!editing ? (
          <PasswordInput size="xs" label="初始密码" description="首次登录时须修改" required value={v.password} error={errors.password} onChange={(e) => set('password', e.currentTarget.value)} autoComplete="new-password" />
        ) : (
          <Switch size="xs" mt={22} label="启用" checked={v.state} onChange={(e) => set('state', e.currentTarget.checked)} />
        )}
        <TextInput size="xs" label="姓名" required value={v.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <TextInput size="xs" label="手机号" value={v.phone} error={errors.phone} onChange={(e) => set('phone', e.currentTarget.value)} />
        <TextInput size="xs" label="邮箱" value={v.email} error={errors.email} onChange={(e) => set('email', e.currentTarget.value)} />
        <Select size="xs" label="性别" data={SEXES} value={v.sex || null} onChange={(s) => set('sex', s ?? '')} clearable />
        <TreeCascader url="api/v1/system/get_org_tree" params={{}} label="所属组织" value={v.org_id} onChange={(id) => set('org_id', id)} />
        <MultiSelect size="xs" label="角色" required data={roles.data ?? []} value={v.roles ? v.roles.split(',') : []} error={errors.roles} onChange={(r) => set('roles', r.join(','))} searchable />
      </SimpleGrid>
      <OptionInput kind="multiselect" source={{ kind: 'tree', url: 'api/v1/system/get_org_tree?kind=school' }} label="校区" value={v.schools} onChange={(s) => set('schools', s)} />
      <Textarea size="xs" label="备注" autosize minRows={2} value={v.remark} onChange={(e) => set('remark', e.currentTarget.value)} />
    </EditDialogFrame>
  );
}
