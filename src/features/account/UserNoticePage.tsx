import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Checkbox, Group, Modal, Pagination, SegmentedControl, Select, Stack, Table, Text, Tooltip, Typography } from '@mantine/core';
import { IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteMessages, fetchMessagePage, markMessages, readMessages, type UserMessage } from '../../api/messages';
import { errorMessage } from '../../api/client';
import { confirmAction, notifyError, notifyInfo, notifySuccess } from '../../components/feedback';

type ReadFilter = 'all' | 'unread' | 'read';
const PAGE_SIZES = ['5', '10', '20', '50', '100'];

/** 用户消息: paged list; opening reads, star marks, delete after confirmation. */
export default function UserNoticePage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(10);
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [selected, setSelected] = useState<number[]>([]);
  const [reading, setReading] = useState<UserMessage | null>(null);
  const query = {
    page,
    rows,
    read_status: filter === 'all' ? null : filter === 'unread' ? 0 : 1,
  };
  const list = useQuery({ queryKey: ['messages', 'page', query], queryFn: () => fetchMessagePage(query), placeholderData: keepPreviousData });
  const refresh = () => qc.invalidateQueries({ queryKey: ['messages'] });

  const read = useMutation({ mutationFn: (ids: number[]) => readMessages(ids), onSettled: refresh, onError: (e) => notifyError(errorMessage(e)) });
  const mark = useMutation({
    mutationFn: (m: UserMessage) => markMessages([m.message_id], m.is_flag !== 1),
    onSuccess: (_d, m) => notifySuccess(m.is_flag === 1 ? '已取消标记' : '已标记'),
    onSettled: refresh,
    onError: (e) => notifyError(errorMessage(e)),
  });
  const del = useMutation({
    mutationFn: (ids: number[]) => deleteMessages(ids),
    onSuccess: () => {
      notifySuccess('删除成功');
      setSelected([]);
    },
    onSettled: refresh,
    onError: (e) => notifyError(errorMessage(e, '删除失败')),
  });

  async function remove(ids: number[]) {
    if (ids.length === 0) return;
    if (await confirmAction('确定要删除操作吗？')) del.mutate(ids);
    else notifyInfo('已取消');
  }

  function open(m: UserMessage) {
    setReading(m);
    if (m.read_status === 0) read.mutate([m.message_id]);
  }

  const content = list.data?.content ?? [];
  const total = list.data?.totalSize ?? 0;
  const allChecked = content.length > 0 && content.every((m) => selected.includes(m.message_id));

  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <SegmentedControl
            value={filter}
            onChange={(v) => {
              setFilter(v as ReadFilter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: '全部' },
              { value: 'unread', label: '未读' },
              { value: 'read', label: '已读' },
            ]}
          />
          <Group gap="xs">
            <Button variant="light" disabled={selected.length === 0} onClick={() => read.mutate(selected)}>
              标为已读
            </Button>
            <Button color="red" variant="light" disabled={selected.length === 0} onClick={() => void remove(selected)}>
              批量删除
            </Button>
          </Group>
        </Group>
        {list.isError ? (
          <Text c="red" size="sm">
            {errorMessage(list.error, '加载失败')}
          </Text>
        ) : null}
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <Checkbox
                    aria-label="全选"
                    checked={allChecked}
                    onChange={(e) => setSelected(e.currentTarget.checked ? content.map((m) => m.message_id) : [])}
                  />
                </Table.Th>
                <Table.Th>标题</Table.Th>
                <Table.Th w={110}>发布人</Table.Th>
                <Table.Th w={160}>时间</Table.Th>
                <Table.Th w={70}>状态</Table.Th>
                <Table.Th w={90}>操作</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {content.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text ta="center" c="dimmed" size="sm" py="md">
                      {list.isPending ? '加载中…' : '暂无数据'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                content.map((m) => (
                  <Table.Tr key={m.message_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`选择 ${m.message_title}`}
                        checked={selected.includes(m.message_id)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setSelected((s) => (on ? [...s, m.message_id] : s.filter((x) => x !== m.message_id)));
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text component="button" type="button" size="sm" fw={m.read_status === 0 ? 600 : 400} onClick={() => open(m)} style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', textAlign: 'left' }}>
                        {m.message_title}
                      </Text>
                    </Table.Td>
                    <Table.Td>{m.publisher ?? ''}</Table.Td>
                    <Table.Td>{m.message_time}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={m.read_status === 0 ? 'red' : 'gray'}>
                        {m.read_status === 0 ? '未读' : '已读'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={m.is_flag === 1 ? '取消标记' : '标记'}>
                          <ActionIcon variant="subtle" color="yellow" onClick={() => mark.mutate(m)} aria-label={m.is_flag === 1 ? '取消标记' : '标记'}>
                            {m.is_flag === 1 ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="删除">
                          <ActionIcon variant="subtle" color="red" onClick={() => void remove([m.message_id])} aria-label="删除">
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="xs">
          <Text size="sm" c="dimmed">
            共 {total} 条
          </Text>
          <Select
            w={100}
            data={PAGE_SIZES.map((s) => ({ value: s, label: `${s}条/页` }))}
            value={String(rows)}
            onChange={(v) => {
              setRows(Number(v ?? 10));
              setPage(1);
            }}
            allowDeselect={false}
            aria-label="每页条数"
          />
          <Pagination total={Math.max(1, Math.ceil(total / rows))} value={page} onChange={setPage} />
        </Group>
      </Stack>
      <Modal opened={!!reading} onClose={() => setReading(null)} title={reading?.message_title} size="lg">
        {reading ? (
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {[reading.publisher, reading.message_time].filter(Boolean).join(' · ')}
            </Text>
            <Typography>
              {/* Message HTML is sanitised by the server when notices are saved. */}
              <div dangerouslySetInnerHTML={{ __html: reading.message_content }} />
            </Typography>
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
