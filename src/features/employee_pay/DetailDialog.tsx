import { Alert, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { PAY_CALLS, PAY_LINE_TYPES, type PayKind, type PayRow } from '../../contract/employee_pay';
import { REF_TYPE_TEXT, baseText, refValue, yuan } from './format';

/** The drill-down of one employee's pay: each item, its base and rate, and the records it counted. */
export function DetailDialog({ kind, row, onClose }: { kind: PayKind; row: PayRow; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['pay-detail', kind, row.key, row.month, row.total],
    queryFn: () => callApi(PAY_CALLS[kind].detail, { query: { month: row.month, school_id: row.school_id, user_id: row.user_id } }),
    retry: false,
  });
  const d = q.data;
  return (
    <Modal opened onClose={onClose} title={`${row.user_name} · ${row.school_name} · ${row.month}`} size="xl">
      {q.isLoading ? <Loader size="sm" /> : null}
      {q.isError ? <Alert color="red">{errorMessage(q.error)}</Alert> : null}
      {d ? (
        <Stack gap="sm">
          <Table withTableBorder striped fz="xs" aria-label="薪酬构成">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>项目</Table.Th>
                <Table.Th>基数</Table.Th>
                <Table.Th>规则</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>金额</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((i) => (
                <Table.Tr key={i.key}>
                  <Table.Td>{i.label}</Table.Td>
                  <Table.Td>{baseText(i)}</Table.Td>
                  <Table.Td>{i.rate}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{yuan(i.amount)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td colSpan={3} fw={700}>
                  应发金额（含更正 {yuan(d.adjust)}）
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }} fw={700}>
                  {yuan(d.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {d.history.length > 1 ? (
            <>
              <Text size="xs" fw={700}>
                确认与更正记录
              </Text>
              <Table withTableBorder fz="xs" aria-label="确认与更正记录">
                <Table.Tbody>
                  {d.history.map((h) => (
                    <Table.Tr key={h.id}>
                      <Table.Td>{PAY_LINE_TYPES.find((t) => t.value === h.line_type)?.text ?? h.line_type}</Table.Td>
                      <Table.Td>{yuan(h.amount)}</Table.Td>
                      <Table.Td>{h.reason ?? ''}</Table.Td>
                      <Table.Td>
                        {h.created_at} {h.created_by_name ?? ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          ) : null}
          <Text size="xs" fw={700}>
            计入的业务记录
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Table withTableBorder striped fz="xs" aria-label="计入的业务记录">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>项目</Table.Th>
                  <Table.Th>类型</Table.Th>
                  <Table.Th>日期</Table.Th>
                  <Table.Th>内容</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>数值</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.items.flatMap((i) =>
                  i.refs.map((r) => (
                    <Table.Tr key={`${i.key}-${r.type}-${r.id}`}>
                      <Table.Td>{i.label}</Table.Td>
                      <Table.Td>{REF_TYPE_TEXT[r.type]}</Table.Td>
                      <Table.Td>{r.date}</Table.Td>
                      <Table.Td>{r.text}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{refValue(r)}</Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
            {d.items.every((i) => i.refs.length === 0) ? (
              <Text size="xs" c="dimmed" p="xs">
                本月没有计入的业务记录
              </Text>
            ) : null}
          </ScrollArea.Autosize>
        </Stack>
      ) : null}
    </Modal>
  );
}
