import { Alert, Button, Loader, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { useHasPermission } from '../../../components/session';
import { WF_PERMS, WF_STATES, wfInstanceListCall, type InstanceRow } from '../../../contract/workflow';
import { loadDetail } from '../api';
import type { ApplyPreset } from '../apply/ApplyDialog';

/**
 * 维修入库, first step: an approved repair application (the caller's, or every one of their
 * campuses for those who watch the workflows) whose repaired item goes back into stock; the
 * 资产入库 form is then filled with its item, one piece, and the repair as the reason.
 */
export function PickRepairDialog({ opened, onClose, onAccepted }: { opened: boolean; onClose: () => void; onAccepted: (preset: ApplyPreset) => void }) {
  const can = useHasPermission();
  const type = can(WF_PERMS.repair) || can(WF_PERMS.interrupt) ? 'all' : 'apply';
  const { data, error, isPending } = useQuery({
    queryKey: ['wf-repairs-done', type],
    queryFn: () => callApi(wfInstanceListCall, { query: { type, ref_type: 'repair', state: WF_STATES.APPROVED, page: 1, rows: 50 } }),
    enabled: opened,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const pick = async (r: InstanceRow) => {
    setBusy(r.id);
    setFailure(null);
    try {
      const d = await loadDetail(r.id);
      const item = typeof d.form.item === 'string' ? d.form.item : '';
      onAccepted({
        schoolId: r.school_id ?? 0,
        values: { repair_instance_id: r.id },
        initial: { item, quantity: 1, supplier: '维修返还', reason: `报修申请 ${r.id}（${r.title}）维修完成，重新入库` },
        note: (
          <Alert color="blue" p="xs">
            <Text size="sm">
              报修申请 {r.id}：{r.title}（{r.school_name ?? ''}）。入库审批通过后计入该校区的资产库存。
            </Text>
          </Alert>
        ),
      });
    } catch (e) {
      setFailure(errorMessage(e, '报修申请加载失败'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="选择已通过的报修申请" size="lg">
      {isPending && <Loader size="sm" />}
      {error && <Alert color="red">{errorMessage(error, '加载失败')}</Alert>}
      {failure && (
        <Alert color="red" p="xs" mb="xs">
          {failure}
        </Alert>
      )}
      {data && data.content.length === 0 && (
        <Text size="sm" c="dimmed">
          没有已通过的报修申请
        </Text>
      )}
      {data && data.content.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table striped verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>报修申请</Table.Th>
                <Table.Th>校区</Table.Th>
                <Table.Th>通过时间</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.content.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.title}</Table.Td>
                  <Table.Td>{r.school_name ?? ''}</Table.Td>
                  <Table.Td>{r.finished_at ?? ''}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" loading={busy === r.id} onClick={() => void pick(r)}>
                      入库
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
