import { Alert, Button, Group, Modal, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { findStudentsCall, type AccountStudentHit } from '../../../contract/finance-accounts';
import { formatYuan } from '../../../lib/format';
import type { ApplyPreset } from '../apply/ApplyDialog';

/**
 * 受理学员 (账户余额退费): find a student of the caller's campuses by name or full phone and
 * accept them; the application is then filed for the student's campus with their name. A student
 * with nothing in the account is listed but cannot be accepted.
 */
export function AcceptStudentDialog({ opened, onClose, onAccepted }: { opened: boolean; onClose: () => void; onAccepted: (preset: ApplyPreset) => void }) {
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<AccountStudentHit[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    const kw = keyword.trim();
    if (!kw) {
      setFailure('请输入学员姓名或手机号');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      setHits(await callApi(findStudentsCall, { query: { keyword: kw } }));
    } catch (e) {
      setFailure(errorMessage(e, '查询失败'));
    } finally {
      setBusy(false);
    }
  };

  const accept = (h: AccountStudentHit) =>
    onAccepted({
      schoolId: h.school_id,
      values: { student_id: h.id, student_name: h.name },
      note: (
        <Alert color="blue" p="xs" data-accepted-student={h.id}>
          <Text size="sm">
            受理学员 {h.name}（{h.school_name ?? ''}），当前账户余额 {formatYuan(h.balance)} 元；退还余额不能超过账户余额。
          </Text>
        </Alert>
      ),
    });

  return (
    <Modal opened={opened} onClose={onClose} title="受理学员" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput style={{ flex: 1 }} label="学员" placeholder="学员姓名，或学员、家长的完整手机号" maxLength={32} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} data-autofocus />
          <Button type="submit" leftSection={<IconSearch size={14} />} loading={busy}>
            查询
          </Button>
        </Group>
      </form>
      {failure && (
        <Alert color="red" mt="xs" p="xs">
          {failure}
        </Alert>
      )}
      {hits && hits.length === 0 && (
        <Text size="sm" c="dimmed" mt="sm">
          没有找到学员
        </Text>
      )}
      {hits && hits.length > 0 && (
        <Table.ScrollContainer minWidth={360} mt="sm">
          <Table striped verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>学员</Table.Th>
                <Table.Th>校区</Table.Th>
                <Table.Th ta="right">账户余额（元）</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hits.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{h.name}</Table.Td>
                  <Table.Td>{h.school_name ?? ''}</Table.Td>
                  <Table.Td ta="right">{formatYuan(h.balance)}</Table.Td>
                  <Table.Td>
                    {h.balance > 0 ? (
                      <Button size="compact-xs" onClick={() => accept(h)}>
                        受理
                      </Button>
                    ) : (
                      <Text size="xs" c="dimmed">
                        余额为 0
                      </Text>
                    )}
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
