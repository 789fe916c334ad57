import { Button, Group, Modal, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { canJoinStudentPageCall, type JoinableLead } from '../../../contract/marketing-funnel';
import { trialStudentResource } from '../../../contract/resources/marketing-funnel';
import { callUrl } from '../../../components/ResourcePage';
import { postWrite } from '../../../components/feedback';

export interface JoinTarget {
  id: number;
  name: string;
}

const ROWS = 10;

/**
 * 预约试听 (trial lesson / add audition, course and timetable / join class): the leads who may join
 * the lesson (can_join_student_page: its campus, not signed, not invalid, not booked already),
 * searched by name; 预约 books one (mkt_trial_lesson_student/add, which refuses a full lesson).
 */
export function JoinTrialDialog({ lesson, onClose, onJoined }: { lesson: JoinTarget | null; onClose: () => void; onJoined?: () => void }) {
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<JoinableLead[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const lessonId = lesson?.id;

  const load = useCallback(async () => {
    if (!lessonId) return;
    try {
      const data = await callApi(canJoinStudentPageCall, { query: { trial_lesson_id: lessonId, name: name || undefined, page, rows: ROWS } });
      setRows(data.content);
      setTotal(data.totalSize);
      setError(null);
    } catch (e) {
      setError(errorMessage(e, '读取可预约学员失败'));
    }
  }, [lessonId, name, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const join = async (lead: JoinableLead) => {
    if (!lessonId) return;
    setBusy(lead.id);
    const done = await postWrite(callUrl(trialStudentResource, 'add') ?? '', { trial_lesson_id: lessonId, resource_id: lead.id }, `${lead.name}已预约试听`, '预约试听失败');
    setBusy(null);
    if (done) {
      onJoined?.();
      void load();
    }
  };

  return (
    <Modal
      opened={lesson !== null}
      onClose={() => {
        // the next lesson opens on its first page, unfiltered
        setPage(1);
        setName('');
        onClose();
      }} title={`预约试听：${lesson?.name ?? ''}`} size="lg" centered>
      <Stack>
        <Group>
          <TextInput
            placeholder="学员姓名"
            aria-label="学员姓名"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
        {error && <Text c="red">{error}</Text>}
        <Table striped highlightOnHover data-testid="join-trial-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>学员姓名</Table.Th>
              <Table.Th>联系电话</Table.Th>
              <Table.Th>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{r.phone ?? ''}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" loading={busy === r.id} onClick={() => void join(r)}>
                    预约
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center">
                    暂无可预约的学员
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {total > ROWS && <Pagination total={Math.ceil(total / ROWS)} value={page} onChange={setPage} size="sm" />}
      </Stack>
    </Modal>
  );
}
