import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../../api/call';
import { Descriptions } from './Descriptions';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { ResourcePage } from '../../../components/ResourcePage';
import { organSchoolBaseCall } from '../../../contract/base-school';
import {
  organSchoolContractResource,
  organSchoolLicenseResource,
  organSchoolPictureResource,
  organSchoolPropertyResource,
  organSchoolRentResource,
  SCHOOL_STATES,
} from '../../../contract/resources/base-school';

const PARTS = [
  { key: 'rent', label: '租赁信息', def: organSchoolRentResource },
  { key: 'contract', label: '合同信息', def: organSchoolContractResource },
  { key: 'property', label: '物业信息', def: organSchoolPropertyResource },
  { key: 'picture', label: '校区图片', def: organSchoolPictureResource },
  { key: 'license', label: '证照信息', def: organSchoolLicenseResource },
] as const;

const LOG_COLUMNS: DataTableColumn[] = [
  { prop: 'at', label: '时间', width: 160 },
  { prop: 'user_name', label: '操作人', width: 100 },
  { prop: 'title', label: '操作', width: 140 },
  { prop: 'changes', label: '变更内容', minWidth: 320 },
];

/** The tabs of one campus file (spec "organ school / tabs"): its basics, premises and change log. */
export function SchoolFileTabs({ fileId, schoolId }: { fileId: number; schoolId: number }) {
  const base = useQuery({ queryKey: ['base_organ_school/base', schoolId], queryFn: () => callApi(organSchoolBaseCall, { query: { school_id: schoolId } }) });
  const fixed = useMemo(() => ({ school_id: schoolId }), [schoolId]);
  const logQuery = useMemo(() => ({ id: fileId }), [fileId]);
  const b = base.data;
  return (
    <Tabs defaultValue="base" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="base">基本信息</Tabs.Tab>
        {PARTS.map((p) => (
          <Tabs.Tab key={p.key} value={p.key}>
            {p.label}
          </Tabs.Tab>
        ))}
        <Tabs.Tab value="logs">变更记录</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="base" pt="sm">
        <Descriptions
          loading={base.isLoading}
          items={[
            ['校区名称', b?.name],
            ['组织编码', b?.code],
            ['所属分公司/城市', b?.parent_name],
            ['校区编码', b?.sch_code],
            ['校区简称', b?.short_name],
            ['营业状态', SCHOOL_STATES.find((s) => s.value === b?.state)?.text],
            ['开业日期', b?.open_date],
            ['负责人', b?.leader],
            ['联系电话', b?.phone],
            ['地址', b?.address],
            ['启用教室数', b ? String(b.classrooms) : undefined],
          ]}
        />
      </Tabs.Panel>
      {PARTS.map((p) => (
        <Tabs.Panel key={p.key} value={p.key} pt="sm">
          <ResourcePage def={p.def} fixedFilters={fixed} newDefaults={fixed} />
        </Tabs.Panel>
      ))}
      <Tabs.Panel value="logs" pt="sm">
        <DataTable api="api/v1/base_organ_school/logs" columns={LOG_COLUMNS} query={logQuery} size="xs" />
      </Tabs.Panel>
    </Tabs>
  );
}
