import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { CLASSES_PATHS } from '../../contract/classes';
import { classTypeResource } from '../../contract/resources/products';
import { ResourcePage } from '../../components/ResourcePage';
import type { TableRow } from '../../components/DataTable';
import { notifyError, notifySuccess } from '../../components/feedback';

interface ProtocolState {
  id: number;
  name: string;
  text: string;
}

/** 班型: the catalogue, with the protocol text beside the standard calls (隐藏/显示 are declared actions). */
export default function ClassTypeScreen() {
  const [protocol, setProtocol] = useState<ProtocolState | null>(null);
  const [saving, setSaving] = useState(false);

  const openProtocol = async (row: TableRow) => {
    try {
      const data = await api.get<{ id: number; name: string; protocol: string | null }>(CLASSES_PATHS.prodClassTypeProtocol, { id: Number(row.id) });
      setProtocol({ id: data.id, name: data.name, text: data.protocol ?? '' });
    } catch (e) {
      notifyError(errorMessage(e, '读取协议失败'));
    }
  };
  const saveProtocol = async () => {
    if (!protocol) return;
    setSaving(true);
    try {
      await api.post(CLASSES_PATHS.prodClassTypeProtocol, { id: protocol.id, protocol: protocol.text });
      notifySuccess('协议已保存');
      setProtocol(null);
    } catch (e) {
      notifyError(errorMessage(e, '保存协议失败'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <ResourcePage
        def={classTypeResource}
        rowActions={() => [
          { key: 'protocol', label: '协议', perm: 'prod_class_type_protocol', onClick: (r) => void openProtocol(r) },
        ]}
      />
      <Modal opened={protocol !== null} onClose={() => setProtocol(null)} title={`协议内容：${protocol?.name ?? ''}`} size="lg" centered>
        <Stack>
          <Textarea
            autosize
            minRows={10}
            maxRows={24}
            maxLength={50000}
            value={protocol?.text ?? ''}
            onChange={(e) => {
              // Read now: the updater may run after React has let go of the event.
              const text = e.currentTarget.value;
              setProtocol((p) => (p ? { ...p, text } : p));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setProtocol(null)}>
              取消
            </Button>
            <Button onClick={() => void saveProtocol()} loading={saving}>
              保存
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
