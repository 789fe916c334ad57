import { Alert, Badge, Button, Drawer, Group, Loader, SimpleGrid, Stack, Tabs, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { api, errorMessage } from '../../../api/client';
import { callApi } from '../../../api/call';
import { notifyError, notifySuccess } from '../../../components/feedback';
import { ResourcePage } from '../../../components/ResourcePage';
import { useHasPermission } from '../../../components/session';
import { GENDERS, GRADES, STUDENT_SOURCES } from '../../../contract/resources/students';
import { LEAD_POOLS, LEAD_STAGES, recordResource } from '../../../contract/resources/marketing';
import { timelineCall, tqCallCall, ysPhoneCall } from '../../../contract/marketing';
import { LeadDialog, type LeadDialogKind } from './LeadDialogs';
import { LeadSubDialog, type LeadSubDialogKind } from './LeadSubDialogs';
import { AuditionTab, ClassTypeTab, LabelDescription, LanguagePackTab } from './LeadSubScreens';

type Lead = Record<string, unknown> & { id: number; name: string; pool: number };

const text = (items: readonly { value: string | number; text: string }[], v: unknown) => items.find((i) => String(i.value) === String(v))?.text ?? '';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </Stack>
  );
}

/**
 * Which lead screen opened the drawer: 已有学员 adds its sub-screens (试听, 课程包, 标签说明) and
 * dialogs (修改信息, 到访, 其他校区, 注销); the telemarketers' screens add 班型.
 */
export type LeadDrawerVariant = 'existing' | 'tmk' | 'plain';

/** The shared lead drawer (资源详情) of every lead screen: profile, timeline, follow-ups, actions. */
export function LeadDrawer({ id, variant = 'plain', onClose, onChanged }: { id: number; variant?: LeadDrawerVariant; onClose: () => void; onChanged: () => void }) {
  const can = useHasPermission();
  const [dialog, setDialog] = useState<LeadDialogKind | null>(null);
  const [sub, setSub] = useState<LeadSubDialogKind | null>(null);
  const existing = variant === 'existing';
  const [phone, setPhone] = useState<string | null>(null);
  const lead = useQuery({ queryKey: ['mkt-lead', id], queryFn: () => api.get<Lead>('api/v1/mkt_resource/get', { id }) });
  const timeline = useQuery({ queryKey: ['mkt-lead-timeline', id], queryFn: () => callApi(timelineCall, { query: { id } }) });
  const refresh = () => {
    void lead.refetch();
    void timeline.refetch();
    onChanged();
  };
  const l = lead.data;
  return (
    <Drawer opened onClose={onClose} position="right" size="min(720px, 100vw)" title={l ? `资源详情 · ${l.name}` : '资源详情'}>
      {lead.isLoading && <Loader size="sm" />}
      {lead.error && <Alert color="red">{errorMessage(lead.error)}</Alert>}
      {l && (
        <Stack gap="md">
          <Group gap={6}>
            <Badge>{text(LEAD_POOLS, l.pool)}</Badge>
            <Badge color="grape">{text(LEAD_STAGES, l.stage)}</Badge>
            {Number(l.is_important) === 1 && <Badge color="orange">重点</Badge>}
            {l.student_id !== null && l.student_id !== undefined && <Badge color="teal">已转学员</Badge>}
            {Number(l.app_allow) === 1 && <Badge color="green">APP登录</Badge>}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label="学员姓名">{l.name}</Field>
            <Field label="性别">{text(GENDERS, l.gender)}</Field>
            <Field label="年级">{text(GRADES, l.grade)}</Field>
            <Field label="家长姓名">{String(l.parent_name ?? '')}</Field>
            <Field label="联系电话">{phone ?? String(l.parent_phone ?? '')}</Field>
            <Field label="来源">{text(STUDENT_SOURCES, l.source)}</Field>
            <Field label="电销">{String(l.tmk_name ?? '')}</Field>
            <Field label="课程顾问">{String(l.seller_name ?? '')}</Field>
            <Field label="最近跟进">{String(l.last_follow_at ?? '')}</Field>
            <Field label="下次跟进">{String(l.next_follow_at ?? '')}</Field>
            <Field label="无效原因">{String(l.invalid_reason ?? '')}</Field>
          </SimpleGrid>
          <Group gap={6}>
            {can('mkt_record_add') && (
              <Button size="xs" onClick={() => setDialog('record')}>
                写跟进
              </Button>
            )}
            {can('mkt_call_center_call') && (
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  void callApi(tqCallCall, { body: { resource_id: id } })
                    .then(() => {
                      notifySuccess('已发起外呼');
                      refresh();
                    })
                    .catch((e: unknown) => notifyError(errorMessage(e)))
                }
              >
                外呼
              </Button>
            )}
            {can('view_full_phone') && phone === null && (
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  void callApi(ysPhoneCall, { query: { id } })
                    .then((r) => setPhone(r.parent_phone ?? ''))
                    .catch((e: unknown) => notifyError(errorMessage(e)))
                }
              >
                查看号码
              </Button>
            )}
            {can('mkt_resource_to_tmker') && (
              <Button size="xs" variant="default" onClick={() => setDialog('tmker')}>
                分配电销
              </Button>
            )}
            {can('mkt_resource_to_sale') && (
              <Button size="xs" variant="default" onClick={() => setDialog('sale')}>
                转课程顾问
              </Button>
            )}
            {can('mkt_resource_invalidate') && l.pool !== 4 && (
              <Button size="xs" variant="default" color="red" onClick={() => setDialog('invalid')}>
                设为无效
              </Button>
            )}
            {existing && can('mkt_resource_update') && (
              <Button size="xs" variant="default" onClick={() => setSub('modify')}>
                修改信息
              </Button>
            )}
            {existing && can('mkt_student_visit_add') && (
              <Button size="xs" variant="default" onClick={() => setSub('dropIn')}>
                到访
              </Button>
            )}
            {existing && can('mkt_resource_transfer_school') && (
              <Button size="xs" variant="default" onClick={() => setSub('otherSchool')}>
                其他校区
              </Button>
            )}
            {existing && can('mkt_resource_cancel_school') && l.pool !== 4 && l.pool !== 5 && (
              <Button size="xs" variant="default" color="red" onClick={() => setSub('cancel')}>
                注销
              </Button>
            )}
          </Group>
          {/* a tab is mounted when opened: its list or the campus offer loads only if looked at */}
          <Tabs defaultValue="timeline" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="timeline">时间线</Tabs.Tab>
              <Tabs.Tab value="records">跟进记录</Tabs.Tab>
              {existing && <Tabs.Tab value="audition">试听</Tabs.Tab>}
              {existing && <Tabs.Tab value="packs">课程包</Tabs.Tab>}
              {variant === 'tmk' && <Tabs.Tab value="classTypes">班型</Tabs.Tab>}
              {existing && <Tabs.Tab value="labels">标签说明</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="timeline" pt="sm">
              {timeline.data && timeline.data.length === 0 && <Text c="dimmed">暂无记录</Text>}
              <Timeline bulletSize={14} lineWidth={2}>
                {(timeline.data ?? []).map((t) => (
                  <Timeline.Item key={`${t.kind}-${t.id}`} title={t.text}>
                    <Text size="xs" c="dimmed">
                      {t.at} {t.by_name ?? '系统'}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Tabs.Panel>
            <Tabs.Panel value="records" pt="sm">
              <ResourcePage def={recordResource} fixedFilters={{ resource_id: id, follow_at_start: '', follow_at_end: '' }} newDefaults={{ resource_id: id }} exportName={false} />
            </Tabs.Panel>
            {existing && (
              <Tabs.Panel value="audition" pt="sm">
                <AuditionTab lead={l} />
              </Tabs.Panel>
            )}
            {existing && (
              <Tabs.Panel value="packs" pt="sm">
                <LanguagePackTab schoolId={Number(l.school_id)} />
              </Tabs.Panel>
            )}
            {variant === 'tmk' && (
              <Tabs.Panel value="classTypes" pt="sm">
                <ClassTypeTab schoolId={Number(l.school_id)} />
              </Tabs.Panel>
            )}
            {existing && (
              <Tabs.Panel value="labels" pt="sm">
                <LabelDescription lead={l} />
              </Tabs.Panel>
            )}
          </Tabs>
        </Stack>
      )}
      {sub && l && (
        <LeadSubDialog
          kind={sub}
          lead={l}
          onClose={() => setSub(null)}
          onDone={() => {
            setSub(null);
            refresh();
          }}
        />
      )}
      {dialog && (
        <LeadDialog
          kind={dialog}
          ids={[id]}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Drawer>
  );
}
