import { Button, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../api/client';
import type { TreeNode } from '../../../contract/menu';
import { ResourcePage } from '../../../components/ResourcePage';
import { appFunResource } from '../../../contract/resources/system';
import { GrantDialog } from '../shared/GrantDialog';
import { DialogButtons } from '../shared/DialogButtons';

async function loadRoleFuns(id: number): Promise<{ tree: TreeNode[]; checked: string[] }> {
  const data = await api.get<{ tree: TreeNode[]; checked: number[] }>('api/v1/sys_app/get_role_app_fun_tree', { role_id: id });
  return { tree: data.tree, checked: data.checked.map(String) };
}

/** 应用功能: the app's functions (a tree) and which roles may use them. */
export default function AppFunPage() {
  const [picking, setPicking] = useState(false);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [grant, setGrant] = useState<{ id: number; name: string } | null>(null);
  const [roleList, setRoleList] = useState<{ value: string; label: string }[]>([]);
  const openPicker = async () => {
    setPicking(true);
    if (!roleList.length) {
      const all = await api.post<{ id: number; name: string }[]>('api/v1/system/role_all', {});
      setRoleList(all.map((r) => ({ value: String(r.id), label: r.name })));
    }
  };
  const rolePicker = (
    <Button size="xs" variant="light" onClick={() => void openPicker()}>
      角色功能
    </Button>
  );
  return (
    <>
      <ResourcePage def={appFunResource} treeFilter={{ title: '应用功能', url: 'api/v1/sys_app/get_app_fun_tree', field: 'parent_id', showAll: true }} toolbar={() => rolePicker} />
      <Modal opened={picking} onClose={() => setPicking(false)} title="选择角色" size="sm">
        <Stack gap="xs">
          <Select size="xs" label="角色" data={roleList} value={roleId} onChange={setRoleId} searchable placeholder="请选择角色" />
          <DialogButtons
            onCancel={() => setPicking(false)}
            confirmLabel="下一步"
            disabled={!roleId}
            onConfirm={() => {
              const r = roleList.find((x) => x.value === roleId);
              if (r) setGrant({ id: Number(r.value), name: r.label });
              setPicking(false);
            }}
          />
        </Stack>
      </Modal>
      <GrantDialog
        title="角色功能"
        subject={grant}
        load={loadRoleFuns}
        saveUrl="api/v1/sys_app/update_role_app_fun"
        bodyOf={(id, funIds) => ({ role_id: id, app_fun_ids: funIds })}
        onClose={() => setGrant(null)}
      />
    </>
  );
}
