import { Group, Radio, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { TreeCascader } from '../../../components/TreeCascader';
import { EditDialogFrame, useEditDialog } from '../shared/EditDialog';
import { MENU_TYPE_OPTIONS, emptyMenuForm, menuBody, showsRouteFields, validateMenu, type MenuFormValues } from './menuForm';

export const MENU_TREE_URL = 'api/v1/system/get_menu_tree';
/** Parents are directories and menus; hidden ones too, so a hidden screen can still get children. */
const PARENT_QUERY = { type_op: '<=', type: 1, hidden: '' };

export interface MenuDialogProps {
  /** null: closed; otherwise the form to start from (with `id` when editing) */
  initial: MenuFormValues | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增菜单 / 编辑菜单 (spec doc 000 §2, §4, §5, §8). */
export function MenuDialog({ initial, onClose, onSaved }: MenuDialogProps) {
  // Opening clears the validation messages and loads the row (Edit) or the defaults (Add).
  const { form, editing, saving, close, submit } = useEditDialog<MenuFormValues>({
    initial,
    empty: emptyMenuForm,
    validate: validateMenu,
    body: menuBody,
    addUrl: 'api/v1/system/add_menu',
    updateUrl: 'api/v1/system/update_menu',
    onClose,
    onSaved,
  });
  const { values: v, errors, set } = form;

  const route = showsRouteFields(v.type);
  return (
    <EditDialogFrame opened={initial !== null} title={editing ? '编辑菜单' : '新增菜单'} size="lg" saving={saving} onClose={close} onSubmit={submit}>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <TreeCascader url={MENU_TREE_URL} params={PARENT_QUERY} label="上级菜单" placeholder="顶级菜单" value={v.parent} onChange={(id) => set('parent', id)} />
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            菜单类型
          </Text>
          <SegmentedControl size="xs" data={MENU_TYPE_OPTIONS} value={v.type} onChange={(t) => set('type', t as MenuFormValues['type'])} aria-label="菜单类型" />
        </Stack>
        <TextInput size="xs" label="菜单名" required value={v.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} placeholder="请输入菜单名" />
        <TextInput size="xs" label="编码" required value={v.code} error={errors.code} onChange={(e) => set('code', e.currentTarget.value)} placeholder="请输入编码" />
        {route && <TextInput size="xs" label="路径" required value={v.url} error={errors.url} onChange={(e) => set('url', e.currentTarget.value)} placeholder="如 /system/menu" />}
        {route && <TextInput size="xs" label="组件" value={v.component} onChange={(e) => set('component', e.currentTarget.value)} placeholder="如 system/menu" />}
        {route && <TextInput size="xs" label="图标" value={v.icon} onChange={(e) => set('icon', e.currentTarget.value)} placeholder="图标名称" />}
        <TextInput size="xs" label="排序" value={v.order_num} error={errors.order_num} onChange={(e) => set('order_num', e.currentTarget.value)} inputMode="numeric" />
        {!route && <TextInput size="xs" label="权限标识" value={v.perms} onChange={(e) => set('perms', e.currentTarget.value)} placeholder="默认同编码" />}
        <Radio.Group size="xs" label="是否隐藏" value={v.hidden} onChange={(h) => set('hidden', h as MenuFormValues['hidden'])}>
          <Group gap="md" mt={6}>
            <Radio size="xs" value="1" label="是" />
            <Radio size="xs" value="0" label="否" />
          </Group>
        </Radio.Group>
        {route && <TextInput size="xs" label="高亮菜单" value={v.active_menu} onChange={(e) => set('active_menu', e.currentTarget.value)} placeholder="隐藏页面高亮的菜单路径" />}
      </SimpleGrid>
      {route && <Textarea size="xs" label="元数据" autosize minRows={2} maxRows={5} value={v.meta} onChange={(e) => set('meta', e.currentTarget.value)} placeholder='如 {"keepAlive": true}' />}
    </EditDialogFrame>
  );
}
