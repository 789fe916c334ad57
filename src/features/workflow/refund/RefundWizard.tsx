import { Alert, Badge, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Stepper, Table, Text, TextInput, Textarea } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { AttachmentField } from '../../../components/AttachmentField';
import { useDialogSubmit } from '../../../components/feedback';
import { PAYOUT_KINDS } from '../../../contract/resources/orders-extras';
import { refundApplyCall, refundOrdersCall, refundPreviewCall, type RefundOrderRow } from '../../../contract/workflow-refund';
import { formatYuan } from '../../../lib/format';
import { hoursText, yuanInputToFen } from './refundText';
import { orderBlocked, refundStudents, type RefundStudent } from './refundStudents';

const PAYOUTS = PAYOUT_KINDS.map((k) => ({ value: String(k.value), label: k.text }));

export interface RefundFiled {
  refund_no: string;
  amount: number;
  instance_id: number | null;
}

/**
 * 退费申请 in five steps (spec: sale refund / student, order, class type, order refunds, verify
 * info): the student, their order, its class types with what is left, the refund details as the
 * orders area's calculator computes them, then a check of everything before it is filed.
 */
export function RefundWizard({ opened, onClose, onFiled }: { opened: boolean; onClose: () => void; onFiled: (r: RefundFiled) => void }) {
  const [step, setStep] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [student, setStudent] = useState<RefundStudent | null>(null);
  const [order, setOrder] = useState<RefundOrderRow | null>(null);
  const [relief, setRelief] = useState<number | string>('');
  const [reason, setReason] = useState<string | null>(null);
  const [payout, setPayout] = useState<string | null>('1');
  const [remark, setRemark] = useState('');
  const [files, setFiles] = useState('');
  const [uploading, setUploading] = useState(false);
  const { error, setError, busy, submit } = useDialogSubmit('提交失败');

  const found = useQuery({ queryKey: ['wf-refund-students', search], queryFn: () => callApi(refundOrdersCall, { query: { keyword: search } }), enabled: opened && search !== '' });
  const orders = useQuery({ queryKey: ['wf-refund-orders', student?.id], queryFn: () => callApi(refundOrdersCall, { query: { student_id: student!.id } }), enabled: opened && student !== null });
  const reliefFen = yuanInputToFen(relief);
  const preview = useQuery({ queryKey: ['wf-refund-preview', order?.order_id, reliefFen], queryFn: () => callApi(refundPreviewCall, { query: { order_id: order!.order_id, relief: reliefFen } }), enabled: opened && order !== null });

  const students = refundStudents(found.data ?? []);
  const calc = preview.data?.calculation;
  const reasonName = preview.data?.reasons.find((r) => String(r.id) === reason)?.name;

  const reset = () => {
    setStep(0);
    setStudent(null);
    setOrder(null);
    setRelief('');
    setReason(null);
    setPayout('1');
    setRemark('');
    setFiles('');
    setError(null);
  };
  const next = () => {
    setError(null);
    if (step === 0 && !student) return setError('请选择学员');
    if (step === 0 && student?.blocked) return setError(`该学员不能退费：${student.blocked}`);
    if (step === 1 && !order) return setError('请选择订单');
    if (step === 3) {
      if (!reason) return setError('请选择退费原因');
      if (!payout) return setError('请选择退款方式');
      if (!calc || calc.amount <= 0) return setError('退费金额为0：该订单没有可退的未用实收金额');
    }
    setStep((s) => s + 1);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="发起退费申请" size="xl">
      <Stack gap="sm">
        <Stepper active={step} size="xs" onStepClick={(s) => s < step && setStep(s)} allowNextStepsSelect={false}>
          <Stepper.Step label="选择学员" />
          <Stepper.Step label="选择订单" />
          <Stepper.Step label="班型课时" />
          <Stepper.Step label="退费明细" />
          <Stepper.Step label="核对信息" />
        </Stepper>

        {step === 0 && (
          <Stack gap="xs" data-step="student">
            <Group align="flex-end" gap="xs">
              <TextInput label="学员" placeholder="学员姓名或手机号" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && setSearch(keyword.trim())} maxLength={20} style={{ flex: 1 }} />
              <Button leftSection={<IconSearch size={14} />} onClick={() => setSearch(keyword.trim())} disabled={keyword.trim() === ''}>
                查询
              </Button>
            </Group>
            {found.error && <Alert color="red">{errorMessage(found.error, '查询失败')}</Alert>}
            {search !== '' && found.data && students.length === 0 && <Text size="sm" c="dimmed">没有找到有可退费订单的学员</Text>}
            {students.length > 0 && (
              <Table highlightOnHover withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>学员</Table.Th>
                    <Table.Th>校区</Table.Th>
                    <Table.Th ta="right">可退金额（元）</Table.Th>
                    <Table.Th w={90} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {students.map((s) => (
                    <Table.Tr key={s.id} bg={student?.id === s.id ? 'var(--mantine-color-blue-light)' : undefined}>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td>{s.school}</Table.Td>
                      <Table.Td ta="right">{formatYuan(s.refundable)}</Table.Td>
                      <Table.Td>
                        {s.blocked ? (
                          <Text size="xs" c="dimmed">
                            {s.blocked}
                          </Text>
                        ) : (
                        <Button
                          size="compact-xs"
                          variant={student?.id === s.id ? 'filled' : 'light'}
                          onClick={() => {
                            setStudent(s);
                            setOrder(null);
                          }}
                        >
                          选择
                        </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}

        {step === 1 && (
          <Stack gap="xs" data-step="order">
            <Text size="sm">学员：{student?.name}</Text>
            {orders.error && <Alert color="red">{errorMessage(orders.error, '加载失败')}</Alert>}
            <Table.ScrollContainer minWidth={560}>
              <Table highlightOnHover withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>订单编号</Table.Th>
                    <Table.Th>下单日期</Table.Th>
                    <Table.Th>状态</Table.Th>
                    <Table.Th ta="right">成交金额</Table.Th>
                    <Table.Th ta="right">未用实收</Table.Th>
                    <Table.Th w={110} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(orders.data ?? []).map((o) => (
                    <Table.Tr key={o.order_id} bg={order?.order_id === o.order_id ? 'var(--mantine-color-blue-light)' : undefined}>
                      <Table.Td>{o.order_no ?? o.order_id}</Table.Td>
                      <Table.Td>{o.order_date}</Table.Td>
                      <Table.Td>{o.state_text}</Table.Td>
                      <Table.Td ta="right">{formatYuan(o.deal_amount)}</Table.Td>
                      <Table.Td ta="right">{formatYuan(o.paid_left)}</Table.Td>
                      <Table.Td>
                        {orderBlocked(o) ? (
                          <Badge size="xs" color={o.open_refund_no ? 'orange' : 'gray'} variant="light">
                            {orderBlocked(o)}
                          </Badge>
                        ) : (
                          <Button size="compact-xs" variant={order?.order_id === o.order_id ? 'filled' : 'light'} onClick={() => setOrder(o)}>
                            选择
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}

        {step === 2 && (
          <Stack gap="xs" data-step="class-type">
            <Text size="sm">
              订单：{order?.order_no} · {student?.name}
            </Text>
            {preview.error && <Alert color="red">{errorMessage(preview.error, '加载失败')}</Alert>}
            <Table.ScrollContainer minWidth={520}>
              <Table withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>班型</Table.Th>
                    <Table.Th ta="right">剩余课时</Table.Th>
                    <Table.Th ta="right">未用实收（元）</Table.Th>
                    <Table.Th ta="right">未用优惠（元）</Table.Th>
                    <Table.Th>有效期至</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(preview.data?.holdings.lines ?? []).map((l) => (
                    <Table.Tr key={l.line_id}>
                      <Table.Td>{l.class_type_name ?? `班型${l.class_type_id}`}</Table.Td>
                      <Table.Td ta="right">{hoursText(l.remaining_hours)}</Table.Td>
                      <Table.Td ta="right">{formatYuan(l.paid_left)}</Table.Td>
                      <Table.Td ta="right">{formatYuan(l.promo_left)}</Table.Td>
                      <Table.Td>{l.end_date ?? '长期'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {preview.data && preview.data.holdings.lines.length === 0 && <Text size="sm" c="dimmed">该订单没有剩余课时</Text>}
          </Stack>
        )}

        {step === 3 && (
          <Stack gap="xs" data-step="order-refunds">
            {/* three across on a wide screen, one under another on a phone (a grown row cut 退款方式 off at 390 px) */}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Select label="退费原因" withAsterisk data={(preview.data?.reasons ?? []).map((r) => ({ value: String(r.id), label: r.name }))} value={reason} onChange={setReason} />
              <Select label="退款方式" withAsterisk data={PAYOUTS} value={payout} onChange={setPayout} />
              <NumberInput label="减免（元）" min={0} decimalScale={2} thousandSeparator="," value={relief} onChange={setRelief} />
            </SimpleGrid>
            <Textarea label="补充说明" maxLength={255} autosize minRows={2} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
            {preview.error && <Alert color="red">{errorMessage(preview.error, '计算失败')}</Alert>}
            {calc && (
              <Alert color={calc.amount > 0 ? 'blue' : 'orange'} title={`退费金额 ${formatYuan(calc.amount)} 元`}>
                <Stack gap={2}>
                  {calc.explain.map((line) => (
                    <Text key={line} size="xs">
                      {line}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
          </Stack>
        )}

        {step === 4 && calc && order && (
          <Stack gap="xs" data-step="verify-info">
            <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {[
                  ['学员', `${student?.name ?? ''}（${order.school_name ?? ''}）`],
                  ['订单编号', order.order_no ?? String(order.order_id)],
                  ['班型', (preview.data?.holdings.lines ?? []).map((l) => `${l.class_type_name ?? ''} 剩余 ${hoursText(l.remaining_hours)} 课时`).join('；')],
                  ['未用实收', `${formatYuan(calc.paid_left)} 元`],
                  ['减免', `${formatYuan(calc.relief)} 元`],
                  ['退费金额', `${formatYuan(calc.amount)} 元`],
                  ['退费原因', reasonName ?? ''],
                  ['退款方式', PAYOUTS.find((p) => p.value === payout)?.label ?? ''],
                  ['补充说明', remark || '—'],
                ].map(([k, v]) => (
                  <Table.Tr key={k}>
                    <Table.Th w={120} bg="var(--mantine-color-gray-0)">
                      {k}
                    </Table.Th>
                    <Table.Td>{v}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <AttachmentField label="附件（退费协议、收据等）" value={files} onChange={setFiles} limit={20} onUploadingChange={setUploading} />
            <Text size="xs" c="dimmed">
              提交后生成退费单并进入审批，审批通过后由财务确认退款。
            </Text>
          </Stack>
        )}

        {error && <Alert color="red">{error}</Alert>}
        <Group justify="space-between">
          <Button variant="default" onClick={() => (step === 0 ? onClose() : setStep((s) => s - 1))}>
            {step === 0 ? '取消' : '上一步'}
          </Button>
          {step < 4 ? (
            <Button onClick={next}>下一步</Button>
          ) : (
            <Button
              loading={busy}
              disabled={uploading}
              onClick={() =>
                void submit(async () => {
                  const r = await callApi(refundApplyCall, {
                    body: { order_id: order!.order_id, reason_id: Number(reason), relief: reliefFen, payout_kind: Number(payout), remark: remark.trim() || undefined, attachments: files ? files.split(',').map(Number) : undefined },
                  });
                  reset();
                  onFiled(r);
                })
              }
            >
              提交退费申请
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
