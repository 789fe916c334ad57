import { Alert, Badge, Button, Group, Loader, NumberInput, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { notifySuccess } from '../../../components/feedback';
import { useHasPermission } from '../../../components/session';
import { WF_PERMS, defineSaveCall, designerCall, type DefineDetail } from '../../../contract/workflow';
import { validateTree, type Branch, type BranchNode, type FormField, type WfNode } from '../../../contract/workflow-tree';
import { loadRoles, searchUsers } from '../api';
import { BranchDialog } from './BranchDialog';
import { Chain, type FlowActions } from './FlowCanvas';
import { FormEditor } from './FormEditor';
import { NodeDialog } from './NodeDialog';
import { StepNamesPanel } from './StepNamesPanel';
import { addBranch, insertAfter, insertInBranch, makeNode, removeBranch, removeNode, replaceNode, updateBranch } from './treeEdit';
import classes from './Designer.module.css';

/** 流程设计 (/workflow/define_edit?id=): the node tree, the form and the basics of one definition; every save is a new version. */
export default function DesignerScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [version, setVersion] = useState<number | undefined>(undefined);
  // Held here, not in Designer: a save remounts Designer on the new version, and the tab the user
  // went to meanwhile stays open.
  const [tab, setTab] = useState<string>('flow');
  const { data, error, isPending } = useQuery({ queryKey: ['wf-designer', id, version], queryFn: () => callApi(designerCall, { query: { define_id: id, version } }), enabled: id > 0 });
  if (!(id > 0)) return <Alert color="orange">请从 流程定义 列表选择要设计的流程</Alert>;
  if (isPending) return <Loader size="sm" />;
  if (error) return <Alert color="red">{errorMessage(error, '流程加载失败')}</Alert>;
  return <Designer key={`${data.id}-${data.version}-${version ?? 'cur'}`} detail={data} viewing={version} onVersion={setVersion} tab={tab} onTab={setTab} />;
}

interface DesignerProps {
  detail: DefineDetail;
  viewing: number | undefined;
  onVersion: (v: number | undefined) => void;
  tab: string;
  onTab: (tab: string) => void;
}

function Designer({ detail, viewing, onVersion, tab, onTab }: DesignerProps) {
  const qc = useQueryClient();
  const can = useHasPermission();
  const readOnly = !can(WF_PERMS.defineSave) || (viewing !== undefined && viewing !== detail.version);
  const [tree, setTree] = useState<WfNode>(detail.tree);
  const [form, setForm] = useState<FormField[]>(detail.form);
  const [basics, setBasics] = useState({ name: detail.name, tag: detail.tag, ref_type: detail.ref_type, remark: detail.remark ?? '', timeout_hours: detail.timeout_hours, state: detail.state });
  const [editing, setEditing] = useState<WfNode | null>(null);
  const [branch, setBranch] = useState<{ node: BranchNode; branch: Branch } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const { data: users = [] } = useQuery({ queryKey: ['wf-designer-users'], queryFn: () => searchUsers(''), staleTime: 60_000 });
  const { data: roles = [] } = useQuery({ queryKey: ['wf-designer-roles'], queryFn: loadRoles, staleTime: 60_000 });

  const actions: FlowActions = useMemo(
    () => ({
      readOnly,
      userName: (uid) => users.find((u) => u.id === uid)?.name ?? `#${uid}`,
      roleName: (code) => roles.find((r) => r.code === code)?.name ?? code,
      onEdit: setEditing,
      onRemove: (nid) => setTree((t) => removeNode(t, nid)),
      onAdd: (at, type) => setTree((t) => ('afterId' in at ? insertAfter(t, at.afterId, makeNode(type)) : insertInBranch(t, at.branchNodeId, at.branchId, makeNode(type)))),
      onEditBranch: (node, b) => setBranch({ node, branch: b }),
      onAddBranch: (nid) => setTree((t) => addBranch(t, nid)),
      onRemoveBranch: (nid, bid) => setTree((t) => removeBranch(t, nid, bid)),
    }),
    [readOnly, users, roles],
  );

  const save = async () => {
    const found = validateTree(tree, form);
    if (!basics.name.trim()) found.unshift('请输入流程名称');
    setProblems(found);
    if (found.length > 0) return;
    setSaving(true);
    try {
      const saved = await callApi(defineSaveCall, { body: { id: detail.id, name: basics.name.trim(), tag: basics.tag, ref_type: basics.ref_type, remark: basics.remark || null, timeout_hours: basics.timeout_hours, state: basics.state, tree, form } });
      notifySuccess(`已保存为第 ${saved.version} 版`);
      onVersion(undefined);
      await qc.invalidateQueries({ queryKey: ['wf-designer'] });
    } catch (e) {
      setProblems([errorMessage(e, '保存失败')]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={600}>{detail.name}</Text>
          <Badge variant="light" tt="none">{detail.define_key}</Badge>
          <Select
            size="xs"
            w={190}
            aria-label="版本"
            data={detail.versions.map((v) => ({ value: String(v.version), label: `第 ${v.version} 版${v.version === detail.version ? '（当前）' : ''} · ${v.instances} 个实例` }))}
            value={String(viewing ?? detail.version)}
            onChange={(v) => onVersion(v && Number(v) !== detail.version ? Number(v) : undefined)}
            allowDeselect={false}
          />
        </Group>
        {!readOnly && (
          <Button onClick={() => void save()} loading={saving}>
            保存（发布新版本）
          </Button>
        )}
      </Group>
      {readOnly && viewing !== undefined && <Alert color="blue">正在查看历史版本（只读）。运行中的审批仍按其发起时的版本执行。</Alert>}
      {problems.length > 0 && (
        <Alert color="red" title="请先修正以下问题">
          {problems.map((p) => (
            <Text key={p} size="sm">
              · {p}
            </Text>
          ))}
        </Alert>
      )}
      <Tabs value={tab} onChange={(v) => onTab(v ?? 'flow')}>
        <Tabs.List>
          <Tabs.Tab value="flow">流程设计</Tabs.Tab>
          <Tabs.Tab value="form">表单设计（{form.length}）</Tabs.Tab>
          <Tabs.Tab value="names">节点名称</Tabs.Tab>
          <Tabs.Tab value="basic">基本信息</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="flow" pt="sm">
          <div className={classes.flow}>
            <div className={classes.flowInner}>
              <Chain node={tree} form={form} a={actions} />
              <div className={classes.endDot}>流程结束</div>
            </div>
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="form" pt="sm">
          <FormEditor form={form} onChange={setForm} readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="names" pt="sm">
          <StepNamesPanel defineId={detail.id} canRename={can(WF_PERMS.stepName)} />
        </Tabs.Panel>
        <Tabs.Panel value="basic" pt="sm">
          <Stack gap="xs" maw={520}>
            <TextInput label="流程名称" withAsterisk maxLength={40} disabled={readOnly} value={basics.name} onChange={(e) => setBasics({ ...basics, name: e.currentTarget.value })} />
            <TextInput label="业务类型（申请页面按它查找流程）" disabled value={basics.tag} />
            <TextInput label="关联业务" disabled value={basics.ref_type} />
            <NumberInput label="默认超时提醒（小时）" min={1} max={720} disabled={readOnly} value={basics.timeout_hours} onChange={(v) => setBasics({ ...basics, timeout_hours: Number(v) || 24 })} />
            <TextInput label="备注" maxLength={255} disabled={readOnly} value={basics.remark} onChange={(e) => setBasics({ ...basics, remark: e.currentTarget.value })} />
            <Switch label="启用" disabled={readOnly} checked={basics.state === 1} onChange={(e) => setBasics({ ...basics, state: e.currentTarget.checked ? 1 : 0 })} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {editing && <NodeDialog node={editing} form={form} onClose={() => setEditing(null)} onSave={(n) => setTree((t) => replaceNode(t, n))} />}
      {branch && <BranchDialog branch={branch.branch} form={form} onClose={() => setBranch(null)} onSave={(b) => setTree((t) => updateBranch(t, branch.node.id, b))} />}
    </Stack>
  );
}
