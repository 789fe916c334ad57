import { Loader, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../../api/client';
import { OptionInput } from '../../../components/options';
import type { OptionSource } from '../../../contract/resource';
import { postWrite } from '../../../components/feedback';
import { SCOPE_KINDS } from './roleForm';
import { DialogButtons } from '../shared/DialogButtons';

interface RoleScope {
  role_id: number;
  kind: number;
  school_ids: number[];
  org_ids: number[];
  remark: string | null;
}

const SCHOOLS: OptionSource = { kind: 'tree', url: 'api/v1/system/get_org_tree?kind=school' };
const ORGS: OptionSource = { kind: 'tree', url: 'api/v1/system/get_org_tree' };

/**
 * A role's data permission: which campuses its users reach (system_data_perssion). The form opens
 * once the scope is read and is seeded from it once, so a refetch never overwrites what was chosen.
 */
export function RoleScopeDialog({ role, onClose }: { role: { id: number; name: string } | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['role-scope', role?.id],
    enabled: role !== null,
    gcTime: 0,
    queryFn: () => api.get<RoleScope>('api/v1/system_data_perssion/get_by_role_id', { role_id: (role as { id: number }).id }),
  });
  return (
    <Modal opened={role !== null} onClose={onClose} title={role ? `数据权限：${role.name}` : '数据权限'} size="md">
      {role && q.data ? (
        <RoleScopeForm key={role.id} role={role} scope={q.data} onClose={onClose} />
      ) : q.isError ? (
        <Text c="red" size="xs">
          {errorMessage(q.error, '加载失败')}
        </Text>
      ) : (
        <Loader size="sm" />
      )}
    </Modal>
  );
}

function RoleScopeForm({ role, scope, onClose }: { role: { id: number }; scope: RoleScope; onClose: () => void }) {
  const [kind, setKind] = useState(() => String(scope.kind));
  const [schools, setSchools] = useState(() => scope.school_ids.join(','));
  const [orgs, setOrgs] = useState(() => scope.org_ids.join(','));
  const [remark, setRemark] = useState(() => scope.remark ?? '');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (kind === '2' && !schools && !orgs) {
      setError('请至少选择一个校区或组织');
      return;
    }
    setSaving(true);
    const body = { role_id: role.id, kind: Number(kind), school_ids: kind === '2' ? schools : '', org_ids: kind === '2' ? orgs : '', remark: remark.trim() || null };
    const done = await postWrite('api/v1/system_data_perssion/update', body, '保存成功', '保存失败');
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Stack gap="xs">
      <Radio.Group size="xs" label="数据范围" value={kind} onChange={setKind}>
        <Stack gap={6} mt={6}>
          {SCOPE_KINDS.map((k) => (
            <Radio key={k.value} size="xs" value={k.value} label={k.label} />
          ))}
        </Stack>
      </Radio.Group>
      {kind === '2' && (
        <>
          <OptionInput kind="multiselect" source={SCHOOLS} label="校区" value={schools} onChange={(v) => (setSchools(v), setError(''))} error={error || undefined} />
          <OptionInput kind="multiselect" source={ORGS} label="组织（含下级校区）" value={orgs} onChange={(v) => (setOrgs(v), setError(''))} />
        </>
      )}
      <Textarea size="xs" label="备注" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
      <DialogButtons onCancel={onClose} onConfirm={save} confirmLabel="保 存" loading={saving} />
    </Stack>
  );
}
