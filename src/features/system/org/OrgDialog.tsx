import { Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { TreeCascader } from '../../../components/TreeCascader';
import { EditDialogFrame, useEditDialog } from '../shared/EditDialog';
import { ORG_KINDS, emptyOrgForm, orgBody, validateOrg, type OrgFormValues } from './orgForm';

export const ORG_TREE_URL = 'api/v1/system/get_org_tree';

export function OrgDialog({ initial, onClose, onSaved }: { initial: OrgFormValues | null; onClose: () => void; onSaved: () => void }) {
  const { form, editing, saving, close, submit } = useEditDialog<OrgFormValues>({
    initial,
    empty: emptyOrgForm,
    validate: validateOrg,
    body: orgBody,
    addUrl: 'api/v1/system/add_org',
    updateUrl: 'api/v1/system/update_org',
    onClose,
    onSaved,
  });
  const { values: v, errors, set } = form;
  return (
    <EditDialogFrame opened={initial !== null} title={editing ? '编辑组织' : '新增组织'} size="lg" saving={saving} onClose={close} onSubmit={submit}>
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
    </EditDialogFrame>
  );
}
