import { Alert, Badge, Button, Drawer, Group, Loader, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { api, errorMessage } from '../../api/client';
import { ResourcePage } from '../../components/ResourcePage';
import { useHasPermission } from '../../components/session';
import type { ResourceDef } from '../../contract/resource';
import { resourceByName } from '../../contract/resources';
import {
  GENDERS,
  GRADES,
  PARENT_RELATIONS,
  STUDENT_SOURCES,
  STUDENT_STATES,
  attractTrafficResource,
  freezeResource,
  integralLogResource,
  kwAnalysisResource,
  parentResource,
  rzIntegralResource,
  scoreResource,
  stopApplyResource,
  teacherScoreResource,
  textbookResource,
} from '../../contract/resources/students';
import { ageGroupOf, ageGroupText, ageInYears, formatDate } from '../../lib/format';
import { StudentDialog, type StudentDialogKind } from './StudentDialogs';
import { AccountTab, FollowUpsTab, OrdersTab } from './StudentAreaTabs';
import { StudentTagBadges } from './StudentTags';

type Student = Record<string, unknown> & { id: number; name: string; state: number; integral: number | null };

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

/** A declared list of the student's records (its page filtered by student_id), with the declaration's own buttons. */
function RecordsTab({ def, studentId }: { def: ResourceDef; studentId: number }) {
  return <ResourcePage def={def} fixedFilters={{ student_id: studentId }} newDefaults={{ student_id: studentId }} exportName={false} />;
}

function Profile({ s }: { s: Student }) {
  const age = ageInYears(s.birthday as string | null);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" mt="sm">
      <Field label="学员姓名">{s.name}</Field>
      <Field label="性别">{text(GENDERS, s.gender)}</Field>
      <Field label="出生日期">{formatDate(s.birthday as string)}</Field>
      <Field label="年龄 / 年龄段">{age === undefined ? '' : `${age}岁 / ${ageGroupText(ageGroupOf(age))}`}</Field>
      <Field label="年级">{text(GRADES, s.grade)}</Field>
      <Field label="就读学校">{s.attend_school as string}</Field>
      <Field label="学员电话">{s.phone as string}</Field>
      <Field label="身份证号">{s.id_card as string}</Field>
      <Field label="主联系人">{[s.parent_name, text(PARENT_RELATIONS, s.parent_relation), s.parent_phone].filter(Boolean).join(' ')}</Field>
      <Field label="来源">{text(STUDENT_SOURCES, s.source)}</Field>
      <Field label="课程顾问">{s.seller_name as string}</Field>
      <Field label="电销">{s.tmk_name as string}</Field>
      <Field label="班主任">{s.teacher_name as string}</Field>
      <Field label="推荐人">{s.pusher_name as string}</Field>
      <Field label="课程有效期至">{formatDate(s.valid_until as string)}</Field>
      <Field label="冻结期间">{s.freeze_start ? `${String(s.freeze_start)} 至 ${String(s.freeze_end)}` : ''}</Field>
      <Field label="免考勤">{Number(s.is_exempt) === 1 ? '是' : '否'}</Field>
      <Field label="备注">{s.remark as string}</Field>
    </SimpleGrid>
  );
}

const ACTIONS: { kind: StudentDialogKind; label: string; perm: string }[] = [
  { kind: 'state', label: '变更状态', perm: 'student_change_state' },
  { kind: 'freeze', label: '冻结申请', perm: 'student_apply_freeze' },
  { kind: 'stop', label: '停课申请', perm: 'student_stop_apply_add' },
  { kind: 'addPoints', label: '增加积分', perm: 'student_add_integral' },
  { kind: 'reducePoints', label: '扣减积分', perm: 'student_reduce_integral' },
];

/**
 * The student hub staff live in: profile, parents, classes and remaining hours, points, check-ins,
 * leave, freezes and stops, scores, textbooks, attract traffic, orders, the stored-value account
 * and the follow-ups of the lead the student came from; each tab loads when opened.
 */
export function StudentDetail({ studentId, onClose }: { studentId: number; onClose: (changed: boolean) => void }) {
  const can = useHasPermission();
  const [dialog, setDialog] = useState<StudentDialogKind | null>(null);
  const [changed, setChanged] = useState(false);
  const student = useQuery({ queryKey: ['student-detail', studentId], queryFn: () => api.get<Student>('api/v1/student/get', { id: studentId }) });
  const s = student.data;
  const declared = (name: string) => resourceByName(name);
  const tab = (def: ResourceDef | undefined) => (def ? <RecordsTab def={def} studentId={studentId} /> : null);

  return (
    <Drawer opened onClose={() => onClose(changed)} position="right" size="min(1100px, 100%)" title={s ? `学员详情：${s.name}` : '学员详情'}>
      {student.isLoading && <Loader size="sm" />}
      {student.isError && <Alert color="red">{errorMessage(student.error, '学员加载失败')}</Alert>}
      {s && (
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light">{text(STUDENT_STATES, s.state)}</Badge>
            <Badge variant="light" color="orange">
              积分 {Number(s.integral ?? 0)}
            </Badge>
            <StudentTagBadges studentId={s.id} />
            {ACTIONS.filter((a) => can(a.perm)).map((a) => (
              <Button key={a.kind} size="compact-xs" variant="light" onClick={() => setDialog(a.kind)}>
                {a.label}
              </Button>
            ))}
          </Group>
          <Tabs defaultValue="profile" keepMounted={false}>
            <Tabs.List style={{ flexWrap: 'wrap' }}>
              <Tabs.Tab value="profile">基本资料</Tabs.Tab>
              <Tabs.Tab value="parents">家长</Tabs.Tab>
              <Tabs.Tab value="hours">课时</Tabs.Tab>
              <Tabs.Tab value="classes">班级</Tabs.Tab>
              <Tabs.Tab value="points">积分</Tabs.Tab>
              <Tabs.Tab value="checkins">考勤</Tabs.Tab>
              <Tabs.Tab value="leave">请假</Tabs.Tab>
              <Tabs.Tab value="freeze">冻结</Tabs.Tab>
              <Tabs.Tab value="stop">停课</Tabs.Tab>
              <Tabs.Tab value="scores">成绩</Tabs.Tab>
              <Tabs.Tab value="tscores">教师评分</Tabs.Tab>
              <Tabs.Tab value="kw">知识点</Tabs.Tab>
              <Tabs.Tab value="rz">认证积分</Tabs.Tab>
              <Tabs.Tab value="books">教材</Tabs.Tab>
              <Tabs.Tab value="attract">引流</Tabs.Tab>
              <Tabs.Tab value="orders">订单</Tabs.Tab>
              <Tabs.Tab value="account">账户</Tabs.Tab>
              <Tabs.Tab value="follow">跟进</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <Profile s={s} />
            </Tabs.Panel>
            <Tabs.Panel value="parents">{tab(parentResource)}</Tabs.Panel>
            <Tabs.Panel value="hours">{tab(declared('student_class_type'))}</Tabs.Panel>
            <Tabs.Panel value="classes">{tab(declared('stu_class'))}</Tabs.Panel>
            <Tabs.Panel value="points">{tab(integralLogResource)}</Tabs.Panel>
            <Tabs.Panel value="checkins">{tab(declared('edu_check_in'))}</Tabs.Panel>
            <Tabs.Panel value="leave">{tab(declared('edu_stu_leave'))}</Tabs.Panel>
            <Tabs.Panel value="freeze">{tab(freezeResource)}</Tabs.Panel>
            <Tabs.Panel value="stop">{tab(stopApplyResource)}</Tabs.Panel>
            <Tabs.Panel value="scores">{tab(scoreResource)}</Tabs.Panel>
            <Tabs.Panel value="tscores">{tab(teacherScoreResource)}</Tabs.Panel>
            <Tabs.Panel value="kw">{tab(kwAnalysisResource)}</Tabs.Panel>
            <Tabs.Panel value="rz">{tab(rzIntegralResource)}</Tabs.Panel>
            <Tabs.Panel value="books">{tab(textbookResource)}</Tabs.Panel>
            <Tabs.Panel value="attract">{tab(attractTrafficResource)}</Tabs.Panel>
            <Tabs.Panel value="orders">
              <OrdersTab studentId={studentId} />
            </Tabs.Panel>
            <Tabs.Panel value="account">
              <AccountTab studentId={studentId} />
            </Tabs.Panel>
            <Tabs.Panel value="follow">
              <FollowUpsTab studentId={studentId} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
      {dialog && s && (
        <StudentDialog
          kind={dialog}
          student={{ id: s.id, name: s.name, state: Number(s.state), integral: Number(s.integral ?? 0) }}
          onClose={(saved) => {
            setDialog(null);
            if (saved) {
              setChanged(true);
              void student.refetch();
            }
          }}
        />
      )}
    </Drawer>
  );
}
