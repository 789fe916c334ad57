import { Modal, Stack, Tabs, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { api } from '../../api/client';
import { confirmAction, DialogActions, notifyError, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { ResourcePage, type PageContext } from '../../components/ResourcePage';
import type { TableRow } from '../../components/DataTable';
import { freezeOffResource, freezeResource, stopApplyResource } from '../../contract/resources/students';
import { errorMessage } from '../../api/client';
import { studentsApi } from './api';
import { useHasPermission } from '../../components/session';

/** 解冻申请 of one approved freeze: the date the student comes back and why. */
function FreezeOffDialog({ freeze, onClose }: { freeze: TableRow; onClose: (saved: boolean) => void }) {
  const { error, busy, submit } = useDialogSubmit('提交失败');
  const [offDate, setOffDate] = useState('');
  const [reason, setReason] = useState('');
  const save = () =>
    submit(async () => {
      await api.post('api/v1/student_freeze_off_apply/add', { freeze_id: freeze.id, student_id: freeze.student_id, off_date: offDate, reason });
      notifySuccess('解冻申请已提交，等待审核');
      onClose(true);
    });
  return (
    <Modal opened onClose={() => onClose(false)} title={`解冻申请：${String(freeze.student_name ?? '')}`}>
      <Stack gap="sm">
        <TextInput type="date" label={`解冻日期（${String(freeze.start_date)} 至 ${String(freeze.end_date)}）`} value={offDate} onChange={(e) => setOffDate(e.currentTarget.value)} required />
        <TextInput label="申请原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={255} required />
        <DialogActions error={error} busy={busy} onCancel={() => onClose(false)} onConfirm={() => void save()} />
      </Stack>
    </Modal>
  );
}

/** 冻结学员: freezes (approve, refuse, withdraw, freeze-off apply), freeze-off applies and stop-class applies. */
export default function FreezeScreen() {
  const can = useHasPermission();
  const [off, setOff] = useState<TableRow | null>(null);
  const ctx = useRef<PageContext<TableRow> | null>(null);
  const act = async (work: () => Promise<unknown>, question: string, done: string) => {
    if (!(await confirmAction(question))) return;
    try {
      await work();
      notifySuccess(done);
      ctx.current?.reload();
    } catch (e) {
      notifyError(errorMessage(e, '操作失败'));
    }
  };
  const pending = (r: TableRow) => Number(r.state) === 1;
  return (
    <Tabs defaultValue="freeze" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="freeze">冻结记录</Tabs.Tab>
        <Tabs.Tab value="off">解冻申请</Tabs.Tab>
        <Tabs.Tab value="stop">停课申请</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="freeze" pt="xs">
        <ResourcePage
          def={freezeResource}
          rowActions={(c) => {
            ctx.current = c;
            return [
              { key: 'pass', label: '通过', color: 'green', perm: 'student_check_freeze', visible: pending, onClick: (r) => void act(() => studentsApi.checkFreeze({ id: Number(r.id), state: 2 }), `确定通过 ${String(r.student_name)} 的冻结申请吗？`, '已通过，学员已冻结') },
              { key: 'refuse', label: '拒绝', color: 'red', perm: 'student_check_freeze', visible: pending, onClick: (r) => void act(() => studentsApi.checkFreeze({ id: Number(r.id), state: 3 }), `确定拒绝 ${String(r.student_name)} 的冻结申请吗？`, '已拒绝') },
              { key: 'rollback', label: '撤回', color: 'orange', perm: 'student_freeze_rollback', visible: (r) => pending(r) || Number(r.state) === 2, onClick: (r) => void act(() => studentsApi.rollbackFreeze(Number(r.id)), `确定撤回 ${String(r.student_name)} 的冻结吗？已冻结的学员将恢复在读，有效期顺延的天数收回`, '已撤回') },
              { key: 'off', label: '申请解冻', perm: 'student_freeze_off_apply_add', visible: (r) => Number(r.state) === 2, onClick: (r) => setOff(r) },
            ];
          }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="off" pt="xs">
        {/* a freeze-off apply is made from its freeze record (申请解冻), which names the freeze */}
        <ResourcePage def={freezeOffResource} hasPermission={(code) => code !== 'student_freeze_off_apply_add' && can(code)} />
      </Tabs.Panel>
      <Tabs.Panel value="stop" pt="xs">
        <ResourcePage def={stopApplyResource} />
      </Tabs.Panel>
      {off && (
        <FreezeOffDialog
          freeze={off}
          onClose={(saved) => {
            setOff(null);
            if (saved) ctx.current?.reload();
          }}
        />
      )}
    </Tabs>
  );
}
