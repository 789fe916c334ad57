import { Group, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { EditDialogFrame, useEditDialog } from '../shared/EditDialog';
import { emptyRoleForm, roleBody, validateRole, type RoleFormValues } from './roleForm';

export function RoleDialog({ initial, onClose, onSaved }: { initial: RoleFormValues | null; onClose: () => void; onSaved: () => void }) {
  const { form, editing, saving, close, submit } = useEditDialog<RoleFormValues>({
    initial,
    empty: emptyRoleForm,
    validate: validateRole,
    body: roleBody,
    addUrl: 'api/v1/system/add_role',
    updateUrl: 'api/v1/system/update_role',
    onClose,
    onSaved,
  });
  const { values: v, errors, set } = form;
  return (
    <EditDialogFrame opened={initial !== null} title={editing ? '编辑角色' : '新增角色'} size="md" saving={saving} onClose={close} onSubmit={submit}>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <TextInput size="xs" label="角色名称" required value={v.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <TextInput size="xs" label="角色编码" required value={v.code} error={errors.code} onChange={(e) => set('code', e.currentTarget.value)} />
        <TextInput size="xs" label="排序" value={v.order_num} error={errors.order_num} onChange={(e) => set('order_num', e.currentTarget.value)} />
        <Group gap="lg" mt={20}>
          <Switch size="xs" label="全部校区" checked={v.all_schools} onChange={(e) => set('all_schools', e.currentTarget.checked)} />
          <Switch size="xs" label="启用" checked={v.state} onChange={(e) => set('state', e.currentTarget.checked)} />
        </Group>
      </SimpleGrid>
      <Textarea size="xs" label="备注" autosize minRows={2} value={v.remark} onChange={(e) => set('remark', e.currentTarget.value)} />
    </EditDialogFrame>
  );
}
