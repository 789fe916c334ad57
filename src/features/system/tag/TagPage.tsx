import { Modal } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { TableRow } from '../../../components/DataTable';
import { ResourcePage } from '../../../components/ResourcePage';
import { tagGroupResource, tagResource } from '../../../contract/resources/system';

/** 标签管理: tag groups; each opens its tags. */
export default function TagPage() {
  const [group, setGroup] = useState<TableRow | null>(null);
  const fixed = useMemo(() => (group ? { group_id: Number(group.id) } : undefined), [group]);
  return (
    <>
      <ResourcePage def={tagGroupResource} rowActions={() => [{ key: 'tags', label: '标签', onClick: setGroup }]} />
      <Modal opened={group !== null} onClose={() => setGroup(null)} title={group ? `标签：${String(group.name ?? '')}` : '标签'} size="70%">
        {fixed && <ResourcePage def={tagResource} fixedFilters={fixed} newDefaults={fixed} searchFields={[{ name: 'name', label: '标签名称', input: 'text' }]} />}
      </Modal>
    </>
  );
}
