import { Button, Group, Modal, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useFormState } from '../shared/formState';
import { postWrite } from '../../../components/feedback';
import { emptyRoleForm, roleBody, validateRole, type RoleFormValues } from './roleForm';

export function RoleDialog({ initial, onClose, onSaved }: { initial: RoleFormValues | null; onClose: () => void; onSaved: () => void }) {
  const form = useFormState<RoleFormValues>(emptyRoleForm());
  const [saving, setSaving] = useState(false);
  const { values: v, errors, set } = form;
  const editing = initial?.id !== undefined;
  useEffect(() => {
    if (initial) form.reset(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);
  const close = () => {
    form.reset(emptyRoleForm());
    onClose();
  };
  const submit = async () => {
    if (!form.check(validateRole, v)) return;
    setSaving(true);
    const done = editing
      ? await postWrite('api/v1/system/update_role', roleBody(v), '修改成功', '修改失败')
      : await postWrite('api/v1/system/add_role', roleBody(v), '创建成功', '创建失败');
    setSaving(false);
    if (done) {
      onSaved();
      close();
    }
  };
  return (
    <Modal opened={initial !== null} onClose={close} title={editing ? '编辑角色' : '新增角色'} size="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="xs">
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
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              取 消
            </Button>
            <Button size="xs" type="submit" loading={saving}>
              确 定
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
