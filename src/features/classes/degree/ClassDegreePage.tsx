import { useState } from 'react';
import { Alert, Anchor, Badge, Card, Group, Loader, Modal, Pagination, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchUserSchools } from '../../../api/session';
import { errorMessage } from '../../../api/client';
import type { ClassProgressRow } from '../../../contract/classes';
import { fetchClassDegree, fetchClassDegreePage, degreeOf } from './api';

const PAGE_SIZES = ['10', '20', '50', '100'];

function DegreeBar({ done, total }: { done: number; total: number }) {
  const pct = degreeOf(done, total);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={pct} color={pct >= 100 ? 'green' : 'blue'} size="lg" style={{ flex: 1, minWidth: 80 }} aria-label={`完成 ${pct}%`} />
      <Text size="xs" w={110} ta="right">
        {done}/{total} 课次 · {pct}%
      </Text>
    </Group>
  );
}

function ClassDetail({ row, onClose }: { row: ClassProgressRow | null; onClose(): void }) {
  const detail = useQuery({ queryKey: ['class-degree', 'class', row?.class_id], queryFn: () => fetchClassDegree(row?.class_id ?? 0), enabled: !!row });
  const d = detail.data;
  return (
    <Modal opened={!!row} onClose={onClose} title={row ? `${row.class_name} · 班级进度` : ''} size="xl">
      {detail.isPending ? (
        <Loader size="sm" />
      ) : detail.isError ? (
        <Alert color="red">{errorMessage(detail.error, '班级进度加载失败')}</Alert>
      ) : d ? (
        <Stack gap="sm">
          <DegreeBar done={d.sessions_done} total={d.sessions_total} />
          <Text size="xs" c="dimmed">
            班型课时 {d.lesson_count} · 已排 {d.sessions_total} 课次 · 已上 {d.sessions_done} 课次
          </Text>
          <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder fz="sm" data-testid="class-degree-students">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>学员</Table.Th>
                <Table.Th ta="right">出勤</Table.Th>
                <Table.Th ta="right">迟到</Table.Th>
                <Table.Th ta="right">请假</Table.Th>
                <Table.Th ta="right">缺勤</Table.Th>
                <Table.Th ta="right">剩余课时</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.students.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed" ta="center">
                      班级暂无在读学员
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                d.students.map((s) => (
                  <Table.Tr key={s.student_id}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td ta="right">{s.attended}</Table.Td>
                    <Table.Td ta="right">{s.late}</Table.Td>
                    <Table.Td ta="right">{s.leave}</Table.Td>
                    <Table.Td ta="right">{s.absent}</Table.Td>
                    <Table.Td ta="right">{s.remaining_hours}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** /class_degree: how far each class of the user's schools is through its lessons (lessons done / scheduled). */
export default function ClassDegreePage() {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(20);
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [open, setOpen] = useState<ClassProgressRow | null>(null);
  const schools = useQuery({ queryKey: ['class-degree', 'schools'], queryFn: fetchUserSchools, staleTime: 5 * 60_000 });
  const query = { page, rows, school_id: schoolId ? Number(schoolId) : undefined };
  const list = useQuery({ queryKey: ['class-degree', 'page', query], queryFn: () => fetchClassDegreePage(query), placeholderData: keepPreviousData });
  const schoolName = new Map((schools.data?.schools ?? []).map((s) => [s.id, s.name]));
  const content = list.data?.content ?? [];
  const total = list.data?.totalSize ?? 0;

  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Select
            placeholder="全部校区"
            clearable
            searchable
            w={220}
            data={(schools.data?.schools ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={schoolId}
            onChange={(v) => {
              setSchoolId(v);
              setPage(1);
            }}
            aria-label="校区"
          />
          <Text size="xs" c="dimmed">
            班级进度 = 已上课次 / 已排课次
          </Text>
        </Group>
        {list.isError ? <Alert color="red">{errorMessage(list.error, '班级进度加载失败')}</Alert> : null}
        <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover withTableBorder fz="sm" data-testid="class-degree-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>班级</Table.Th>
              <Table.Th>校区</Table.Th>
              <Table.Th ta="right">在读学员</Table.Th>
              <Table.Th w="45%">进度</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {content.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {list.isPending ? '加载中…' : '暂无班级'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              content.map((r) => (
                <Table.Tr key={r.class_id}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={() => setOpen(r)}>
                      {r.class_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{schoolName.get(r.school_id) ?? <Badge variant="light" color="gray">{r.school_id}</Badge>}</Table.Td>
                  <Table.Td ta="right">{r.students}</Table.Td>
                  <Table.Td>
                    <DegreeBar done={r.sessions_done} total={r.sessions_total} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            共 {total} 个班级
          </Text>
          <Group gap="xs">
            <Select
              w={90}
              data={PAGE_SIZES.map((v) => ({ value: v, label: `${v} 条/页` }))}
              value={String(rows)}
              onChange={(v) => {
                setRows(Number(v ?? 20));
                setPage(1);
              }}
              aria-label="每页条数"
            />
            <Pagination total={Math.max(1, Math.ceil(total / rows))} value={page} onChange={setPage} size="sm" />
          </Group>
        </Group>
      </Stack>
      <ClassDetail row={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
