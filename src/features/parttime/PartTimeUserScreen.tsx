import { Button, Stack, Tabs, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { QueryValue } from '../../api/request';
import { callApi } from '../../api/call';
import { DataTable, type DataTableColumn, type DataTableHandle, type TableRow } from '../../components/DataTable';
import { SearchForm, type SearchField } from '../../components/SearchForm';
import { confirmAction, notifySuccess } from '../../components/feedback';
import { useHasPermission } from '../../components/session';
import type { FieldDef } from '../../contract/resource';
import {
  PT_PERMS,
  PT_USER_STATES,
  acquirerAttendancePageCall,
  ptUserAddCall,
  ptUserDeleteCall,
  ptUserKpiPageCall,
  ptUserLogPageCall,
  ptUserPageCall,
  ptUserToSellerCall,
  ptUserUpdateCall,
  ptUserUpdateStateCall,
  ptUserUpdateTargetCall,
} from '../../contract/parttime';
import { FieldsDialog } from '../../components/ResourcePage';
import { optional, type Values } from './formValues';

type Row = TableRow & { id: number };
const stateText = (v: unknown) => PT_USER_STATES.find((s) => s.value === Number(v))?.text ?? '';
const GENDERS = [
  { value: 1, text: '男' },
  { value: 2, text: '女' },
];

const USER_FIELDS: Record<string, FieldDef> = {
  school_id: { type: 'int', label: '校区', required: true, options: { kind: 'schools' } },
  name: { type: 'string', label: '姓名', required: true, max: 32 },
  phone: { type: 'string', label: '手机号', required: true, max: 11 },
  gender: { type: 'int', label: '性别', options: { kind: 'static', items: GENDERS } },
  monthly_target: { type: 'int', label: '月目标资源量', min: 0, max: 100000 },
  joined_on: { type: 'date', label: '入职日期' },
  remark: { type: 'string', label: '备注', max: 255 },
};
const TARGET_FIELDS: Record<string, FieldDef> = { target: { type: 'int', label: '月目标资源量', required: true, min: 0, max: 100000 } };
const SELLER_FIELDS: Record<string, FieldDef> = { user_id: { type: 'int', label: '销售账号', required: true, options: { kind: 'resource', resource: 'sys_user', label: 'name' } } };

const USER_SEARCH: SearchField[] = [
  { name: 'name', label: '姓名', input: 'text' },
  { name: 'phone', label: '手机号', input: 'text' },
  { name: 'state', label: '状态', input: 'select', options: { kind: 'static', items: PT_USER_STATES } },
  { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } },
];
const USER_COLUMNS: DataTableColumn<Row>[] = [
  { prop: 'name', label: '姓名', width: 100 },
  { prop: 'phone', label: '手机号', width: 120 },
  { prop: 'school_name', label: '校区', width: 120 },
  { prop: 'state', label: '状态', width: 90, formatter: (_r, v) => stateText(v) },
  { prop: 'monthly_target', label: '月目标资源量', width: 110, align: 'right' },
  { prop: 'seller_name', label: '销售账号', width: 100 },
  { prop: 'joined_on', label: '入职日期', width: 110 },
  { prop: 'remark', label: '备注', minWidth: 160 },
];
const KPI_SEARCH: SearchField[] = [
  { name: 'month', label: '月份', input: 'text', placeholder: 'YYYY-MM，默认本月' },
  { name: 'name', label: '姓名', input: 'text' },
  { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } },
];
const KPI_COLUMNS: DataTableColumn<Row>[] = [
  { prop: 'month', label: '月份', width: 90 },
  { prop: 'name', label: '姓名', width: 100 },
  { prop: 'school_name', label: '校区', width: 120 },
  { prop: 'monthly_target', label: '月目标', width: 80, align: 'right' },
  { prop: 'collected', label: '采集资源', width: 90, align: 'right' },
  { prop: 'to_mkt', label: '转入市场', width: 90, align: 'right' },
  { prop: 'repeated', label: '重复', width: 70, align: 'right' },
  { prop: 'invalid', label: '无效', width: 70, align: 'right' },
  { prop: 'attendance_days', label: '出勤天数', width: 90, align: 'right' },
  { prop: 'completion', label: '完成率', width: 90, align: 'right' },
];
const ATTENDANCE_SEARCH: SearchField[] = [
  { name: 'start_date', label: '开始日期', input: 'date' },
  { name: 'end_date', label: '结束日期', input: 'date' },
  { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } },
];
const ATTENDANCE_COLUMNS: DataTableColumn<Row>[] = [
  { prop: 'work_date', label: '日期', width: 110 },
  { prop: 'part_time_user_name', label: '兼职人员', width: 100 },
  { prop: 'school_name', label: '校区', width: 120 },
  { prop: 'punch_in_at', label: '上班打卡', width: 160 },
  { prop: 'punch_out_at', label: '下班打卡', width: 160, formatter: (_r, v) => (v ? String(v) : '未打卡') },
  { prop: 'minutes', label: '工作时长（分钟）', width: 130, align: 'right' },
  { prop: 'place', label: '地推地点', minWidth: 160 },
];
const LOG_COLUMNS: DataTableColumn<Row>[] = [
  { prop: 'created_at', label: '时间', width: 160 },
  { prop: 'part_time_user_name', label: '兼职人员', width: 100 },
  { prop: 'action', label: '操作', width: 100 },
  { prop: 'content', label: '内容', minWidth: 240 },
  { prop: 'operator_name', label: '操作人', width: 100 },
];

/** A search form over a table of one list call. */
function SearchedTable({ fields, api, columns, tableKey, exportName }: { fields: SearchField[]; api: string; columns: DataTableColumn<Row>[]; tableKey: string; exportName?: string }) {
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [seq, setSeq] = useState(0);
  return (
    <Stack gap="xs">
      <SearchForm
        fields={fields}
        onSearch={(q) => {
          setQuery(q);
          setSeq((n) => n + 1);
        }}
      />
      <DataTable<Row> api={api} columns={columns} query={query} searchSeq={seq} tableKey={tableKey} exportOptions={exportName ? { name: exportName } : undefined} />
    </Stack>
  );
}

type Dialog = { kind: 'add' } | { kind: 'edit'; row: Row } | { kind: 'target'; row: Row } | { kind: 'seller'; row: Row };
const TITLES: Record<Dialog['kind'], string> = { add: '新增兼职人员', edit: '编辑兼职人员', target: '修改月目标资源量', seller: '转为销售' };

function UsersTab() {
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [seq, setSeq] = useState(0);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const table = useRef<DataTableHandle<Row>>(null);
  const can = useHasPermission();
  const reload = () => table.current?.reload();
  const setState = async (row: Row, state: 1 | 2) => {
    if (!(await confirmAction(`确定将 ${String(row.name)} 设为${stateText(state)}吗？`))) return;
    await callApi(ptUserUpdateStateCall, { body: { ids: [row.id], state } });
    notifySuccess('状态已修改');
    reload();
  };
  const remove = async (row: Row) => {
    if (!(await confirmAction(`确定删除兼职人员 ${String(row.name)} 吗？`))) return;
    await callApi(ptUserDeleteCall, { body: [{ id: row.id }] });
    notifySuccess('删除成功');
    reload();
  };
  const submit = async (v: Values) => {
    if (!dialog) return;
    if (dialog.kind === 'target') await callApi(ptUserUpdateTargetCall, { body: { ids: [dialog.row.id], target: Number(v.target) } });
    else if (dialog.kind === 'seller') await callApi(ptUserToSellerCall, { body: { id: dialog.row.id, user_id: Number(v.user_id) } });
    else {
      const body = {
        school_id: Number(v.school_id),
        name: String(v.name ?? ''),
        phone: String(v.phone ?? ''),
        gender: optional(v.gender) as number | undefined,
        monthly_target: optional(v.monthly_target) as number | undefined,
        joined_on: optional(v.joined_on) as string | undefined,
        remark: optional(v.remark) as string | undefined,
      };
      if (dialog.kind === 'edit') await callApi(ptUserUpdateCall, { body: { id: dialog.row.id, ...body } });
      else await callApi(ptUserAddCall, { body });
    }
    notifySuccess('保存成功');
    reload();
  };
  const initial: Values | undefined = dialog && dialog.kind !== 'add' ? (Object.fromEntries(Object.keys(USER_FIELDS).map((k) => [k, (dialog.row[k] ?? null) as Values[string]])) as Values) : undefined;
  return (
    <Stack gap="xs">
      <SearchForm
        fields={USER_SEARCH}
        onSearch={(q) => {
          setQuery(q);
          setSeq((n) => n + 1);
        }}
      />
      <DataTable<Row>
        api={ptUserPageCall.path}
        columns={USER_COLUMNS}
        query={query}
        searchSeq={seq}
        tableKey="pt_part_time_user"
        tableRef={table}
        exportOptions={{ name: '兼职人员' }}
        toolbar={
          can(PT_PERMS.add) ? (
            <Button size="xs" onClick={() => setDialog({ kind: 'add' })}>
              新增
            </Button>
          ) : null
        }
        actions={[
          { key: 'edit', label: '编辑', perm: PT_PERMS.update, onClick: (row) => setDialog({ kind: 'edit', row }) },
          { key: 'target', label: '修改目标', perm: PT_PERMS.updateTarget, onClick: (row) => setDialog({ kind: 'target', row }) },
          { key: 'off', label: '停用', perm: PT_PERMS.updateState, visible: (r) => Number(r.state) === 1, onClick: (row) => void setState(row, 2) },
          { key: 'on', label: '启用', perm: PT_PERMS.updateState, visible: (r) => Number(r.state) === 2, onClick: (row) => void setState(row, 1) },
          { key: 'seller', label: '转为销售', perm: PT_PERMS.toSeller, visible: (r) => Number(r.state) !== 3, onClick: (row) => setDialog({ kind: 'seller', row }) },
          { key: 'delete', label: '删除', perm: PT_PERMS.delete, color: 'red', onClick: (row) => void remove(row) },
        ]}
      />
      <FieldsDialog
        title={dialog ? TITLES[dialog.kind] : null}
        fields={dialog?.kind === 'target' ? TARGET_FIELDS : dialog?.kind === 'seller' ? SELLER_FIELDS : USER_FIELDS}
        initial={dialog?.kind === 'target' ? { target: (dialog.row.monthly_target as number | undefined) ?? 0 } : initial}
        onClose={() => setDialog(null)}
        onSubmit={submit}
      />
    </Stack>
  );
}

/** 兼职人员管理: the campus's part-time acquirers, their month's figures, working days and what was done to them. */
export default function PartTimeUserScreen() {
  return (
    <Tabs defaultValue="users" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="users">兼职人员</Tabs.Tab>
        <Tabs.Tab value="kpi">业绩统计</Tabs.Tab>
        <Tabs.Tab value="attendance">考勤记录</Tabs.Tab>
        <Tabs.Tab value="logs">操作记录</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="users" pt="xs">
        <UsersTab />
      </Tabs.Panel>
      <Tabs.Panel value="kpi" pt="xs">
        <Text size="xs" c="dimmed" mb={4}>
          采集资源按采集时间统计当月数量，完成率 = 采集资源 ÷ 月目标资源量。
        </Text>
        <SearchedTable fields={KPI_SEARCH} api={ptUserKpiPageCall.path} columns={KPI_COLUMNS} tableKey="pt_part_time_user_kpi" exportName="兼职人员业绩" />
      </Tabs.Panel>
      <Tabs.Panel value="attendance" pt="xs">
        <SearchedTable fields={ATTENDANCE_SEARCH} api={acquirerAttendancePageCall.path} columns={ATTENDANCE_COLUMNS} tableKey="pt_acquirer_attendance" exportName="兼职考勤记录" />
      </Tabs.Panel>
      <Tabs.Panel value="logs" pt="xs">
        <SearchedTable fields={[]} api={ptUserLogPageCall.path} columns={LOG_COLUMNS} tableKey="pt_part_time_user_log" />
      </Tabs.Panel>
    </Tabs>
  );
}
