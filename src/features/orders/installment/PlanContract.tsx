import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/call';
import { orderDetailCall } from '../../../contract/orders';
import { INSTALLMENT_STATES, installmentEventResource, installmentPeriodResource } from '../../../contract/resources/orders-extras';
import { ORDER_STATES } from '../../../contract/resources/orders';
import type { TableRow } from '../../../components/DataTable';
import type { ResourceDef } from '../../../contract/resource';
import { ResourcePage } from '../../../components/ResourcePage';
import { formatYuan } from '../../../lib/format/money';

export type PlanAction = { key: string; label: string; color?: string; onClick(): void };

/**
 * The plan's own rows without their column naming the plan (the dialog is that plan), nor the
 * campus column and search the list adds for a campus-scoped declaration: they are the plan's
 * campus. Only this screen's copy changes; the server keeps its declaration (and its scope).
 */
const withoutPlanColumn = (def: ResourceDef): ResourceDef => ({ ...def, scope: 'global', fields: { ...def.fields, installment_id: { ...def.fields.installment_id, list: false, search: undefined } } });
const PERIODS = withoutPlanColumn(installmentPeriodResource);
const EVENTS = withoutPlanColumn(installmentEventResource);

const textOf = (items: readonly { value: string | number; text: string }[], v: unknown) => items.find((o) => String(o.value) === String(v))?.text ?? String(v ?? '');

/**
 * 分期合同 (installment / contract): the plan as agreed — its order and contract, the amounts, the
 * periods with what each still owes, the withholding agreement and every event (逾期, 还款, 终止 …),
 * with the actions the plan's state allows.
 */
export function PlanContract({ plan, actions, onClose }: { plan: TableRow; actions: readonly PlanAction[]; onClose(): void }) {
  const id = Number(plan.id);
  const order = useQuery({ queryKey: ['order_form/detail', plan.order_id], queryFn: () => callApi(orderDetailCall, { query: { id: Number(plan.order_id) } }) });
  const o = order.data?.order;
  const facts: [string, string][] = [
    ['学员', String(plan.student_name ?? '')],
    ['订单编号', String(o?.order_no ?? plan.order_id)],
    ['合同编号', String(o?.contract_no ?? '待确认')],
    ['订单状态', o ? textOf(ORDER_STATES, o.state) : ''],
    ['成交金额', o ? `${formatYuan(o.deal_amount)} 元` : ''],
    ['分期总额', `${formatYuan(plan.total_amount)} 元`],
    ['已还金额', `${formatYuan(plan.paid_amount)} 元`],
    ['未还金额', `${formatYuan(Number(plan.total_amount) - Number(plan.paid_amount))} 元`],
    ['期数', `${String(plan.periods)} 期`],
    ['代扣授权', Number(plan.withholding) === 1 ? `已授权 ${String(plan.withholding_account ?? '')}` : '未授权'],
  ];
  const fixed = { installment_id: id };
  return (
    <Modal opened onClose={onClose} title={`分期合同（分期订单 ${id}）`} size="90%">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge variant="light">{textOf(INSTALLMENT_STATES, plan.state)}</Badge>
          {Number(plan.is_renewal) === 1 && <Badge variant="light" color="grape">续费分期</Badge>}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="xs" data-testid="plan-facts">
          {facts.map(([k, v]) => (
            <Text key={k} size="sm">
              <Text span c="dimmed">
                {k}：
              </Text>
              {v}
            </Text>
          ))}
        </SimpleGrid>
        {actions.length > 0 && (
          <Group gap="xs">
            {actions.map((a) => (
              <Button key={a.key} size="xs" variant="light" color={a.color} onClick={a.onClick}>
                {a.label}
              </Button>
            ))}
          </Group>
        )}
        <Title order={6}>还款计划</Title>
        <ResourcePage def={PERIODS} fixedFilters={fixed} searchFields={[]} exportName={false} />
        <Title order={6}>处理记录</Title>
        <ResourcePage def={EVENTS} fixedFilters={fixed} searchFields={[]} exportName={false} />
      </Stack>
    </Modal>
  );
}
