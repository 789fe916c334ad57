import { Button, Drawer } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { classResource } from '../../../contract/resources/classes';
import { ResourcePage } from '../../../components/ResourcePage';
import { TEACHER_ROLES } from '../api';
import { useUserFieldPage } from '../pickers/useTeacherDef';
import { useHasPermission } from '../../../components/session';
import { notifyWarning } from '../../../components/feedback';
import type { TableRow } from '../../../components/DataTable';
import { ArrangeDialog } from '../timetable/ArrangeDialog';
import { ClassForm } from './ClassForm';
import { StateDialog } from './StateDialog';
import { StudentsPanel } from './StudentsPanel';
import { TimeRangesDialog } from './TimeRangesDialog';
import { TransferDialog } from './TransferDialog';

// 班级客服 may be any member of staff
const USER_FIELDS = { head_teacher_id: TEACHER_ROLES, kf_id: '' } as const;

interface Named {
  id: number;
  name: string;
}

function batchStateButton(allowed: boolean, onClick: () => void): ReactNode {
  if (!allowed) return null;
  return (
    <Button size="xs" variant="light" onClick={onClick}>
      批量修改状态
    </Button>
  );
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

  const { def, columns } = useUserFieldPage(classResource, USER_FIELDS);

  return (
    <>
      <ResourcePage
        def={def}
        columns={columns}
        FormComponent={ClassForm}
        toolbar={(ctx) =>
          batchStateButton(can('base_class_manage_update_cm_state'), () => {
            const rows = ctx.selectedRows();
            if (!rows.length) return notifyWarning('请选择班级');
            setReload(() => ctx.reload);
            setStateFor({ ids: rows.map((r) => Number(r.id)) });
          })
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
