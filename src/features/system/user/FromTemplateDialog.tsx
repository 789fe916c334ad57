import { Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../../api/client';
import type { Page } from '../../../contract/envelope';
import { MAX_ROWS } from '../../../contract/paging';
import { notifyWarning } from '../../../components/feedback';
import type { UserFormValues } from './userForm';
import { formFromTemplate, loadTemplateModels } from './userTemplate';
import { DialogButtons } from '../shared/DialogButtons';

interface TemplateRow {
  id: number;
  name: string;
  remark: string | null;
}

/** 从模板创建: pick a user template; the new-user form opens with its roles, campuses and organisation. */
export function FromTemplateDialog({ opened, onClose, onPicked }: { opened: boolean; onClose: () => void; onPicked: (form: UserFormValues) => void }) {
  const [id, setId] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const templates = useQuery({
    queryKey: ['user-templates'],
    enabled: opened,
    staleTime: 30_000,
    queryFn: () => api.get<Page<TemplateRow>>('api/v1/system/find_user_template_page', { page: 1, rows: MAX_ROWS }),
  });
  const close = () => {
    setId(null);
    setError('');
    onClose();
  };
  const pick = async () => {
    if (!id) {
      setError('请选择用户模板');
      return;
    }
    setLoading(true);
    try {
      const models = await loadTemplateModels(Number(id));
      if (!models.length) notifyWarning('该模板还没有明细用户，只能从空白表单开始');
      setId(null);
      setError('');
      onPicked(formFromTemplate(models));
    } catch (e) {
      setError(errorMessage(e, '读取模板失败'));
    } finally {
      setLoading(false);
    }
  };
  const list = templates.data?.content ?? [];
  const chosen = list.find((t) => String(t.id) === id);
  return (
    <Modal opened={opened} onClose={close} title="从模板创建用户" size="sm">
      <Stack gap="xs">
        <Select
          size="xs"
          label="用户模板"
          required
          searchable
          placeholder={templates.isPending ? '加载中…' : list.length ? '请选择' : '还没有用户模板'}
          data={list.map((t) => ({ value: String(t.id), label: t.name }))}
          value={id}
          error={error || (templates.isError ? errorMessage(templates.error, '加载失败') : undefined)}
          onChange={(v) => (setId(v), setError(''))}
        />
        <Text size="xs" c="dimmed">
          {chosen?.remark || '新用户带上模板明细中用户的角色、校区和所属组织，账号、姓名和密码另填。'}
        </Text>
        <DialogButtons onCancel={close} onConfirm={pick} confirmLabel="下一步" loading={loading} />
      </Stack>
    </Modal>
  );
}
