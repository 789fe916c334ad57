import { Alert, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call';
import { REPORT_CALLS, type CampusFigures, type CampusSection, type DailyReportDetail, type PlanProgress, type ReportKindName, type TaFigures } from '../../contract/cmp';
import { count, hours, rate, yuan } from './format';

const DAY_ROWS: readonly [keyof CampusFigures, string, (v: unknown) => string][] = [
  ['new_leads', '新增线索', count],
  ['visits', '到访', count],
  ['trials', '试听到课', count],
  ['orders', '签约订单', count],
  ['order_amount', '签约金额（元）', yuan],
  ['new_signs', '新签', count],
  ['renewals', '续费', count],
  ['collected', '实收金额（元）', yuan],
  ['refunds', '退费笔数', count],
  ['refund_amount', '退费金额（元）', yuan],
  ['lessons', '上课节次', count],
  ['check_ins', '考勤人次', count],
  ['attended', '出勤人次', count],
  ['leaves', '请假人次', count],
  ['absents', '缺勤人次', count],
  ['attendance_rate', '出勤率', rate],
  ['consumed_hours', '消耗课时', hours],
  ['consumed_value', '消课金额（元）', yuan],
];

function DayTable({ sections }: { sections: readonly { name: string; day: CampusFigures }[] }) {
  return (
    <Table.ScrollContainer minWidth={Math.max(320, 140 + sections.length * 110)}>
      <Table striped withTableBorder withColumnBorders fz="xs" data-testid="report-day">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>指标</Table.Th>
            {sections.map((s) => (
              <Table.Th key={s.name} ta="right">
                {s.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {DAY_ROWS.map(([key, label, fmt]) => (
            <Table.Tr key={key}>
              <Table.Td>{label}</Table.Td>
              {sections.map((s) => (
                <Table.Td key={s.name} ta="right">
                  {fmt(s.day[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MonthTable({ rows }: { rows: readonly { name: string; month: PlanProgress }[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder withColumnBorders fz="xs" data-testid="report-month">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>对象</Table.Th>
            <Table.Th ta="right">实收（元）</Table.Th>
            <Table.Th ta="right">目标营收（元）</Table.Th>
            <Table.Th ta="right">营收达成</Table.Th>
            <Table.Th ta="right">新签/目标</Table.Th>
            <Table.Th ta="right">新签达成</Table.Th>
            <Table.Th ta="right">续费/目标</Table.Th>
            <Table.Th ta="right">续费达成</Table.Th>
            <Table.Th ta="right">出勤率/目标</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ name, month: m }) => (
            <Table.Tr key={name}>
              <Table.Td>{name}</Table.Td>
              <Table.Td ta="right">{yuan(m.collected)}</Table.Td>
              <Table.Td ta="right">{m.has_plan ? yuan(m.target_revenue) : '未制定计划'}</Table.Td>
              <Table.Td ta="right">{rate(m.revenue_rate)}</Table.Td>
              <Table.Td ta="right">{`${m.new_signs} / ${m.target_new_students ?? '—'}`}</Table.Td>
              <Table.Td ta="right">{rate(m.new_rate)}</Table.Td>
              <Table.Td ta="right">{`${m.renewals} / ${m.target_renewals ?? '—'}`}</Table.Td>
              <Table.Td ta="right">{rate(m.renewal_rate)}</Table.Td>
              <Table.Td ta="right">{`${rate(m.attendance_rate)} / ${m.target_attendance_rate === null ? '—' : `${m.target_attendance_rate}%`}`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TaBody({ f }: { f: TaFigures }) {
  const rows: [string, string][] = [
    ['负责班级', count(f.classes)],
    ['在读学员', count(f.students)],
    ['考勤人次', count(f.check_ins)],
    ['出勤人次', count(f.attended)],
    ['请假人次', count(f.leaves)],
    ['缺勤人次', count(f.absents)],
    ['出勤率', rate(f.attendance_rate)],
    ['当日请假申请', count(f.leave_requests)],
    ['待续费（剩余≤10课时）', count(f.low_hours_count)],
  ];
  return (
    <Stack gap="xs">
      <Table withTableBorder withColumnBorders fz="xs" data-testid="report-ta">
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Td w={200}>{k}</Table.Td>
              <Table.Td ta="right">{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {f.low_hours.length > 0 && (
        <>
          <Title order={6}>待续费学员</Title>
          <Table striped withTableBorder fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>学员</Table.Th>
                <Table.Th>班级</Table.Th>
                <Table.Th ta="right">剩余课时</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {f.low_hours.map((s) => (
                <Table.Tr key={`${s.student_id}:${s.class_name}`}>
                  <Table.Td>{s.student_name}</Table.Td>
                  <Table.Td>{s.class_name}</Table.Td>
                  <Table.Td ta="right">{hours(s.remaining_hours)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

function Body({ report }: { report: DailyReportDetail }) {
  const c = report.content;
  if (c.kind === 'ta') return <TaBody f={c.figures} />;
  const sections: CampusSection[] = c.kind === 'city' ? c.campuses : [c.campus];
  const dayCols = c.kind === 'city' ? [{ name: '合计', day: c.total }, ...sections.map((s) => ({ name: s.school_name, day: s.day }))] : [{ name: c.campus.school_name, day: c.campus.day }];
  const monthRows = c.kind === 'city' ? [{ name: '合计', month: c.month }, ...sections.map((s) => ({ name: s.school_name, month: s.month }))] : [{ name: c.campus.school_name, month: c.campus.month }];
  return (
    <Stack gap="xs">
      {report.partial && (
        <Alert color="yellow" p="xs">
          仅含您可查看的校区，合计按这些校区重新汇总
        </Alert>
      )}
      <Title order={6}>当日数据</Title>
      <DayTable sections={dayCols} />
      <Title order={6}>{`${monthRows[0].month.month} 月累计与经营计划`}</Title>
      <MonthTable rows={monthRows} />
    </Stack>
  );
}

/** One stored report in full: its snapshot of figures, when and by whom it was made. */
export function ReportDetail({ kind, id, onClose }: { kind: ReportKindName; id: number; onClose: () => void }) {
  const q = useQuery({ queryKey: ['cmp-report', kind, id], queryFn: () => callApi(REPORT_CALLS[kind].get, { query: { id } }) });
  const r = q.data;
  const subject = r ? (kind === 'city' ? (r.city_name ?? '') : `${r.school_name ?? ''}${kind === 'ta' ? ` ${r.staff_name ?? ''}` : ''}`) : '';
  const title = r ? `${r.report_date} ${subject}` : '日报详情';
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      {q.isPending && <Loader size="sm" />}
      {q.isError && <Alert color="red">{q.error.message}</Alert>}
      {r && (
        <Stack gap="xs">
          <Group gap="md">
            <Text size="xs" c="dimmed">{`规则：${r.rule_name ?? ''}`}</Text>
            <Text size="xs" c="dimmed">{`生成：${r.generated_at}（${r.generated_by_name}）`}</Text>
            {r.regenerated_at && <Text size="xs" c="dimmed">{`重新生成：${r.regenerated_at}（${r.regenerated_by_name ?? ''}，第${r.regenerate_count}次）`}</Text>}
          </Group>
          <Body report={r} />
        </Stack>
      )}
    </Modal>
  );
}
