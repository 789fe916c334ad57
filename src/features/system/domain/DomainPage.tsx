import { useState } from 'react';
import { api } from '../../../api/client';
import type { TreeNode } from '../../../contract/menu';
import { ResourcePage } from '../../../components/ResourcePage';
import type { TableRow } from '../../../components/DataTable';
import { domainResource } from '../../../contract/resources/system';
import { GrantDialog } from '../shared/GrantDialog';

async function loadDomainMenus(id: number): Promise<{ tree: TreeNode[]; checked: string[] }> {
  const data = await api.get<{ tree: TreeNode[]; checked: number[] }>('api/v1/system/get_domain_menu_tree', { domain_id: id });
  return { tree: data.tree, checked: data.checked.map(String) };
}

/** 域管理: domains with their menu grants (add_domain_menu). */
export default function DomainPage() {
  const [grant, setGrant] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <ResourcePage
        def={domainResource}
        treeFilter={{ title: '域', url: 'api/v1/system/get_domain_tree', field: 'parent_id', showAll: true }}
        rowActions={() => [{ key: 'menus', label: '分配菜单', perm: 'add_domain_menu', onClick: (r: TableRow) => setGrant({ id: Number(r.id), name: String(r.name) }) }]}
      />
      <GrantDialog
        title="分配菜单"
        subject={grant}
        load={loadDomainMenus}
        saveUrl="api/v1/system/add_domain_menu"
        bodyOf={(id, menuIds) => ({ domain_id: id, menu_ids: menuIds })}
        onClose={() => setGrant(null)}
      />
    </>
  );
}
