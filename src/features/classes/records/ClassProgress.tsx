import { Stack, Table, Text } from '@mantine/core';
import type { ClassProgress as Progress } from '../../../contract/classes';

function rate(s: Progress['students'][number]): string {
  const all = s.attended + s.leave + s.absent;
  return all ? `${Math.round((s.attended / all) * 100)}%` : '—';
}

/** A class's lessons held against lessons arranged, and each student's marks, rate and hours left. */
export function ClassProgress({ progress: p }: { progress: Progress }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        已上 {p.sessions_done} / 已排 {p.sessions_total} 次课（班型共 {p.lesson_count} 次）
      </Text>
      <Table striped withTableBorder fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>学员</Table.Th>
            <Table.Th>出勤</Table.Th>
            <Table.Th>迟到</Table.Th>
            <Table.Th>请假</Table.Th>
            <Table.Th>缺勤</Table.Th>
            <Table.Th>出勤率</Table.Th>
            <Table.Th>剩余课时</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.students.map((s) => (
            <Table.Tr key={s.student_id}>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>{s.attended}</Table.Td>
              <Table.Td>{s.late}</Table.Td>
              <Table.Td>{s.leave}</Table.Td>
              <Table.Td>{s.absent}</Table.Td>
              <Table.Td>{rate(s)}</Table.Td>
              <Table.Td>{s.remaining_hours}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
