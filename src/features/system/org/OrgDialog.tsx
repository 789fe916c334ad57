import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { TreeCascader } from '../../../components/TreeCascader';
import { useFormState } from '../shared/formState';
import { postWrite } from '../../../components/feedback';
import { ORG_KINDS, emptyOrgForm, orgBody, validateOrg, type OrgFormValues } from './orgForm';

export const ORG_TREE_URL = 'api/v1/system/get_org_tree';

export function OrgDialog({ initial, onClose, onSaved }: { initial: OrgFormValues | null; onClose: () => void; onSaved: () => void }) {
  const form = useFormState<OrgFormValues>(emptyOrgForm());
  const [saving, setSaving] = useState(false);
  const { values: v, errors, set } = form;
  const editing = initial?.id !== undefined;
  useEffect(() => {
    if (initial) form.reset(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);
  const close = () => {
    form.reset(emptyOrgForm());
    onClose();
  };
  const submit = async () => {
    if (!form.check(validateOrg, v)) return;
    setSaving(true);
    const done = editing
      ? await postWrite('api/v1/system/update_org', orgBody(v), '修改成功', '修改失败')
      : await postWrite('api/v1/system/add_org', orgBody(v), '创建成功', '创建失败');
    setSaving(false);
    if (done) {
      onSaved();
      close();
    }
  };
  return (
    <Modal opened={initial !== null} onClose={close} title={editing ? '编辑组织' : '新增组织'} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="xs">
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            <TreeCascader url={ORG_TREE_URL} params={{}} label="上级组织" placeholder="无（顶级）" value={v.parent_id} onChange={(id) => set('parent_id', id)} error={errors.parent_id} />
            <Select size="xs" label="类型" required data={ORG_KINDS} value={v.kind} error={errors.kind} onChange={(k) => set('kind', k ?? '')} allowDeselect={false} />
            <TextInput size="xs" label="组织名称" required value={v.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
            <TextInput size="xs" label="编码" value={v.code} onChange={(e) => set('code', e.currentTarget.value)} />
            <TextInput size="xs" label="负责人" value={v.leader} onChange={(e) => set('leader', e.currentTarget.value)} />
            <TextInput size="xs" label="电话" value={v.phone} error={errors.phone} onChange={(e) => set('phone', e.currentTarget.value)} />
            <TextInput size="xs" label="排序" value={v.order_num} error={errors.order_num} onChange={(e) => set('order_num', e.currentTarget.value)} />
            <Switch size="xs" mt={22} label="启用" checked={v.state} onChange={(e) => set('state', e.currentTarget.checked)} />
          </SimpleGrid>
          <TextInput size="xs" label="地址" value={v.address} onChange={(e) => set('address', e.currentTarget.value)} />
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
