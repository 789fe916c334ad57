import { Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { ResourcePage } from '../../../components/ResourcePage';
import { schoolClassTypesCall, type PackTerms, type SchoolClassType } from '../../../contract/products';
import { trialStudentResource } from '../../../contract/resources/marketing-funnel';
import { COURSE_LINES } from '../../../contract/resources/products';
import { LEAD_POOLS, LEAD_STAGES } from '../../../contract/resources/marketing';
import { optionText } from '../../../lib/format/fieldText';
import { formatYuan } from '../../../lib/format/money';

/**
 * The sub-screens (tabs) of a lead's detail: 试听 (the lead's trial bookings), 课程包 and 班型 (what
 * the lead's campus sells today, prod_language_pack/school_class_types) and 标签说明 (what the
 * drawer's labels mean, the ones of this lead marked).
 */

/** 试听: the lead's trial lesson bookings; 新增 books one (mkt_trial_lesson_student/add). */
export function AuditionTab({ lead }: { lead: { id: number; name: string; school_id?: unknown } }) {
  // the new booking names the lead (with its name shown) and its campus, which the server keeps anyway
  const defaults = useMemo(() => ({ resource_id: lead.id, resource_name: lead.name, school_id: Number(lead.school_id) }), [lead.id, lead.name, lead.school_id]);
  const fixed = useMemo(() => ({ resource_id: lead.id }), [lead.id]);
  return <ResourcePage def={trialStudentResource} fixedFilters={fixed} newDefaults={defaults} exportName={false} />;
}

function useCampusOffer(schoolId: number) {
  return useQuery({ queryKey: ['mkt-lead-offer', schoolId], queryFn: () => callApi(schoolClassTypesCall, { query: { school_id: schoolId } }) });
}

function OfferState({ loading, error, empty }: { loading: boolean; error: unknown; empty: boolean }) {
  if (loading) return <Loader size="sm" />;
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (empty) return <Text c="dimmed">该校区今日没有在售的课程包</Text>;
  return null;
}

// short cells stay on one line; on a phone the table scrolls sideways instead of breaking words
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const hoursText = (p: PackTerms) => (p.gift_hours > 0 ? `${p.hours}+赠${p.gift_hours}` : String(p.hours));

/** The packs of the class types, each once, in the order they first appear. */
function packsOf(types: readonly SchoolClassType[]): { pack: PackTerms; typeNames: string[] }[] {
  const byId = new Map<number, { pack: PackTerms; typeNames: string[] }>();
  for (const t of types)
    for (const p of t.language_packs) {
      const seen = byId.get(p.language_pack_id);
      if (seen) seen.typeNames.push(t.class_type_name);
      else byId.set(p.language_pack_id, { pack: p, typeNames: [t.class_type_name] });
    }
  return [...byId.values()];
}

/** 课程包: the language packs on sale today at the lead's campus, with price, hours and class types. */
export function LanguagePackTab({ schoolId }: { schoolId: number }) {
  const offer = useCampusOffer(schoolId);
  const packs = packsOf(offer.data ?? []);
  return (
    <Stack gap="xs">
      <OfferState loading={offer.isLoading} error={offer.error} empty={!!offer.data && packs.length === 0} />
      {packs.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder fz="xs" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>课程包</Table.Th>
                <Table.Th ta="right">价格(元)</Table.Th>
                <Table.Th ta="right">课时</Table.Th>
                <Table.Th ta="right">有效期(天)</Table.Th>
                <Table.Th>适用班型</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {packs.map(({ pack, typeNames }) => (
                <Table.Tr key={pack.language_pack_id}>
                  <Table.Td style={NOWRAP}>{pack.name}</Table.Td>
                  <Table.Td ta="right">{formatYuan(pack.price)}</Table.Td>
                  <Table.Td ta="right">{hoursText(pack)}</Table.Td>
                  <Table.Td ta="right">{pack.validity_days}</Table.Td>
                  <Table.Td>{typeNames.join('、')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const priceRange = (packs: readonly PackTerms[]) => {
  if (packs.length === 0) return '';
  const prices = packs.map((p) => p.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  return lo === hi ? formatYuan(lo) : `${formatYuan(lo)} – ${formatYuan(hi)}`;
};

/** 班型: the class types the lead's campus sells today, what a telemarketer can offer the family. */
export function ClassTypeTab({ schoolId }: { schoolId: number }) {
  const offer = useCampusOffer(schoolId);
  const types = offer.data ?? [];
  return (
    <Stack gap="xs">
      <OfferState loading={offer.isLoading} error={offer.error} empty={!!offer.data && types.length === 0} />
      {types.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder fz="xs" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>班型</Table.Th>
                <Table.Th>课程线</Table.Th>
                <Table.Th>级别</Table.Th>
                <Table.Th>在售课程包</Table.Th>
                <Table.Th ta="right">价格(元)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.map((t) => (
                <Table.Tr key={t.class_type_id}>
                  <Table.Td style={NOWRAP}>{t.class_type_name}</Table.Td>
                  <Table.Td style={NOWRAP}>{optionText(COURSE_LINES, t.course_line)}</Table.Td>
                  <Table.Td style={NOWRAP}>{t.level ?? ''}</Table.Td>
                  <Table.Td>{t.language_packs.map((p) => p.name).join('、')}</Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {priceRange(t.language_packs)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const POOL_MEANING: Record<number, string> = {
  1: '新录入、导入、取消分配、转校或激活的资源，等待校区分配',
  2: '已分配给电销，由电销跟进邀约',
  3: '已转给课程顾问，由顾问跟进签约（电销仍计入业绩）',
  4: '设为无效的资源（记录无效原因），可由校长激活',
  5: '放入公海或长期未跟进被回收的资源，校区同事均可领取',
};
const STAGE_MEANING: Record<number, string> = {
  1: '尚未联系上',
  2: '跟进记录中已联系上家长',
  3: '已邀约到访',
  4: '家长已到校区',
  5: '已上过试听课',
  6: '已签约下单',
};

interface Label {
  label: string;
  color: string;
  meaning: string;
  current: boolean;
}

/** 标签说明: every label the lead detail shows, what it means, and which this lead carries. */
export function LabelDescription({ lead }: { lead: Record<string, unknown> }) {
  const labels: Label[] = [
    ...LEAD_POOLS.map((p) => ({ label: p.text, color: 'blue', meaning: `资源池：${POOL_MEANING[p.value] ?? ''}`, current: Number(lead.pool) === p.value })),
    ...LEAD_STAGES.map((s) => ({ label: s.text, color: 'grape', meaning: `阶段：${STAGE_MEANING[s.value] ?? ''}（只升不降）`, current: Number(lead.stage) === s.value })),
    { label: '重点', color: 'orange', meaning: '重点资源：不会被自动回收到公海，每人数量有上限', current: Number(lead.is_important) === 1 },
    { label: '已转学员', color: 'teal', meaning: '已转为学员，出现在「已有学员」中，不能删除', current: lead.student_id !== null && lead.student_id !== undefined },
    { label: 'APP登录', color: 'green', meaning: '家长可以登录APP', current: Number(lead.app_allow) === 1 },
  ];
  return (
    <Table withTableBorder fz="xs" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={96}>标签</Table.Th>
          <Table.Th>说明</Table.Th>
          <Table.Th w={64}>本资源</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {labels.map((l) => (
          <Table.Tr key={`${l.color}-${l.label}`}>
            <Table.Td>
              <Badge size="sm" color={l.color} variant={l.current ? 'filled' : 'light'}>
                {l.label}
              </Badge>
            </Table.Td>
            <Table.Td>{l.meaning}</Table.Td>
            <Table.Td>
              <Group gap={4}>{l.current ? <Text size="xs" c="teal">✓ 当前</Text> : null}</Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
