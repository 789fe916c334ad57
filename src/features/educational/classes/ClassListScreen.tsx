import { Button, Drawer } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { classResource } from '../../../contract/resources/classes';
import { columnsOf, ResourcePage, useColumnOptions } from '../../../components/ResourcePage';
import { searchFieldsOf } from '../../../components/SearchForm';
import type { OptionItem } from '../../../contract/resource';
import { fetchTeachers } from '../api';
import { useHasPermission } from '../../../components/session';
import { notifyWarning } from '../../../components/feedback';
import type { TableRow } from '../../../components/DataTable';
import { ArrangeDialog } from '../timetable/ArrangeDialog';
import { StateDialog } from './StateDialog';
import { StudentsPanel } from './StudentsPanel';
import { TimeRangesDialog } from './TimeRangesDialog';
import { TransferDialog } from './TransferDialog';

interface Named {
  id: number;
  name: string;
}

function named(r: TableRow): Named {
  return { id: Number(r.id), name: String(r.name ?? '') };
}

/** 班级管理: the class list with state, transfer, students, time ranges, arranging and the detail page. */
export default function ClassListScreen() {
  const navigate = useNavigate();
  const can = useHasPermission();
  const [stateFor, setStateFor] = useState<{ ids: number[]; current?: number } | null>(null);
  const [transferFrom, setTransferFrom] = useState<Named | null>(null);
  const [studentsOf, setStudentsOf] = useState<Named | null>(null);
  const [rangesOf, setRangesOf] = useState<Named | null>(null);
  const [arrangeFor, setArrangeFor] = useState<Named | null>(null);
  const [reload, setReload] = useState<() => void>(() => () => undefined);

  // The declaration points teacher fields at a 'sys_user' resource that has no declaration yet;
  // the names come from sys_user/get_user_options instead.
  const teachers = useQuery({ queryKey: ['edu-teachers-all'], queryFn: () => fetchTeachers(), staleTime: 5 * 60_000 });
  const options = useColumnOptions(classResource);
  const teacherItems = useMemo<OptionItem[]>(() => (teachers.data ?? []).map((t) => ({ value: t.value, text: t.text })), [teachers.data]);
  const columns = useMemo(() => columnsOf(classResource, { ...options, head_teacher_id: teacherItems, kf_id: teacherItems }), [options, teacherItems]);
  const searchFields = useMemo(
    () => searchFieldsOf(classResource).map((f) => (f.name === 'head_teacher_id' || f.name === 'kf_id' ? { ...f, options: { kind: 'static' as const, items: teacherItems } } : f)),
    [teacherItems],
  );

  return (
    <>
      <ResourcePage
        def={classResource}
        columns={columns}
        searchFields={searchFields}
        toolbar={(ctx) =>
          can('base_class_manage_update_cm_state') ? (
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                const rows = ctx.selectedRows();
                if (!rows.length) return notifyWarning('请选择班级');
                setReload(() => ctx.reload);
                setStateFor({ ids: rows.map((r) => Number(r.id)) });
              }}
            >
              批量修改状态
            </Button>
          ) : null
        }
        rowActions={(ctx) => [
          { key: 'detail', label: '详情', onClick: (r) => navigate(`/base/class_detail?id=${r.id}`) },
          { key: 'students', label: '学员', onClick: (r) => setStudentsOf(named(r)) },
          {
            key: 'state',
            label: '状态',
            perm: 'base_class_manage_update_cm_state',
            onClick: (r) => {
              setReload(() => ctx.reload);
              setStateFor({ ids: [Number(r.id)], current: Number(r.state) });
            },
          },
          { key: 'transfer', label: '转班', perm: 'ct_transfer_add', onClick: (r) => setTransferFrom(named(r)) },
          { key: 'ranges', label: '时间段', perm: 'edu_class_time_range_update', onClick: (r) => setRangesOf(named(r)) },
          { key: 'arrange', label: '排课', perm: 'edu_class_schedule_arrange', visible: (r) => Number(r.state) <= 2, onClick: (r) => setArrangeFor(named(r)) },
        ]}
      />
      <StateDialog ids={stateFor?.ids ?? null} current={stateFor?.current} onClose={() => setStateFor(null)} onDone={() => reload()} />
      <TransferDialog from={transferFrom} onClose={() => setTransferFrom(null)} onDone={() => undefined} />
      <TimeRangesDialog cls={rangesOf} onClose={() => setRangesOf(null)} />
      <ArrangeDialog opened={arrangeFor !== null} classId={arrangeFor?.id} className={arrangeFor?.name} onClose={() => setArrangeFor(null)} />
      <Drawer opened={studentsOf !== null} onClose={() => setStudentsOf(null)} title={`班级学员：${studentsOf?.name ?? ''}`} position="right" size="xl">
        {studentsOf && <StudentsPanel classId={studentsOf.id} />}
      </Drawer>
    </>
  );
}
