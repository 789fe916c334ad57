import { Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TreeNode } from '../../../contract/menu';
import { GrantTree } from './GrantTree';
import { postWrite } from '../../../components/feedback';
import { errorMessage } from '../../../api/client';
import { DialogButtons } from './DialogButtons';

export interface GrantDialogProps {
  title: string;
  /** null: closed */
  subject: { id: number; name: string } | null;
  /** loads the tree and the checked ids of the subject */
  load: (id: number) => Promise<{ tree: TreeNode[]; checked: string[] }>;
  /** the save call and its body */
  saveUrl: string;
  bodyOf: (id: number, checked: number[]) => unknown;
  onClose: () => void;
}

/** A dialog holding a checkable menu/function tree; 保存 replaces the subject's grants. */
export function GrantDialog({ title, subject, load, saveUrl, bodyOf, onClose }: GrantDialogProps) {
  const q = useQuery({ queryKey: ['grant', saveUrl, subject?.id], enabled: subject !== null, gcTime: 0, queryFn: () => load((subject as { id: number }).id) });
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (q.data) setChecked(q.data.checked);
  }, [q.data]);
  const save = async () => {
    if (!subject) return;
    setSaving(true);
    const done = await postWrite(saveUrl, bodyOf(subject.id, checked.map(Number)), '保存成功', '保存失败');
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal opened={subject !== null} onClose={onClose} title={subject ? `${title}：${subject.name}` : title} size="lg">
      <Stack gap="xs">
        {q.isPending && <Loader size="sm" />}
        {q.isError && (
          <Text c="red" size="sm">
            {errorMessage(q.error, '加载失败')}
          </Text>
        )}
        {q.data && <GrantTree nodes={q.data.tree} checked={checked} onChange={setChecked} />}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            已选 {checked.length} 项
          </Text>
          <DialogButtons onCancel={onClose} onConfirm={save} confirmLabel="保 存" loading={saving} disabled={!q.data} justify={false} />
        </Group>
      </Stack>
    </Modal>
  );
}
