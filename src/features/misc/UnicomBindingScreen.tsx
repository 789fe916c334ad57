import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { callApi } from '../../api/call';
import { errorMessage } from '../../api/client';
import { unicomCallCall, unicomProvideCall, unicomReleaseCall, unicomUpdateCall } from '../../contract/misc-unicom';
import { unicomBindingResource } from '../../contract/resources/misc-unicom';
import type { FieldDef } from '../../contract/resource';
import { FieldsDialog, ResourcePage } from '../../components/ResourcePage';
import { confirmAction, notifyError, notifySuccess } from '../../components/feedback';
import { useHasPermission } from '../../components/session';

const MINUTES: FieldDef = { type: 'int', label: '有效时长（分钟）', min: 5, max: 10080, placeholder: '不填按校区默认设置' };
const BIND_LEAD: Record<string, FieldDef> = {
  target_id: { type: 'int', label: '资源', required: true, options: { kind: 'resource', resource: 'mkt_resource', label: 'name' } },
  expire_minutes: MINUTES,
};
const BIND_STUDENT: Record<string, FieldDef> = {
  target_id: { type: 'int', label: '学员', required: true, options: { kind: 'resource', resource: 'student', label: 'name' } },
  expire_minutes: MINUTES,
};
const EXTEND: Record<string, FieldDef> = { expire_minutes: { ...MINUTES, label: '自现在起有效（分钟）', required: true, placeholder: '' } };

type Dialog = { kind: 'lead' | 'student'; reload: () => void } | { kind: 'extend'; id: number; reload: () => void };

const optionalNumber = (v: unknown): number | undefined => (v === null || v === undefined || v === '' ? undefined : Number(v));

/** 绑定资源 (and 绑定学员 for those who also manage the settings: principals, who read students). */
function bindButtons(can: (code: string) => boolean, open: (kind: 'lead' | 'student') => void) {
  if (!can('unicom_provide')) return null;
  return (
    <Group gap="xs">
      <Button size="xs" onClick={() => open('lead')}>
        绑定资源
      </Button>
      {can('unicom_set') ? (
        <Button size="xs" variant="light" onClick={() => open('student')}>
          绑定学员
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * 市场管理 › 隐私号通话: the bindings of the caller's campuses (unicom/seek). 绑定资源 binds a middle
 * number to the caller's phone and a lead's (unicom/provide); 呼叫 has the carrier ring the caller,
 * then the customer, both seeing only the middle number (unicom/call: a follow-up record opens on
 * the lead); 延期 and 解绑 change a binding (unicom/update, unicom/release).
 */
export default function UnicomBindingScreen() {
  const can = useHasPermission();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const place = async (id: number, reload: () => void) => {
    try {
      const out = await callApi(unicomCallCall, { body: { id } });
      notifySuccess(`已通过隐私号 ${out.middle_number} 发起呼叫，请接听您的手机`);
      reload();
    } catch (e) {
      notifyError(errorMessage(e, '呼叫失败'));
    }
  };
  const release = async (id: number, reload: () => void) => {
    if (!(await confirmAction('解绑后该中间号不能再用于联系此客户，确定解绑吗？'))) return;
    try {
      await callApi(unicomReleaseCall, { body: { id } });
      notifySuccess('已解绑');
      reload();
    } catch (e) {
      notifyError(errorMessage(e, '解绑失败'));
    }
  };

  const live = (r: Record<string, unknown>) => Number(r.state) === 1;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        通过隐私号联系客户时，双方只看到中间号，客户的真实号码不会显示给员工。运营商服务无法从本机访问，请求由内置服务商记录在 系统管理 › 服务商请求记录。
      </Text>
      <ResourcePage
        def={unicomBindingResource}
        toolbar={(ctx) => bindButtons(can, (kind) => setDialog({ kind, reload: ctx.reload }))}
        rowActions={(ctx) => [
          { key: 'call', label: '呼叫', perm: 'unicom_call', visible: live, onClick: (r) => void place(Number(r.id), ctx.reload) },
          { key: 'extend', label: '延期', perm: 'unicom_update', visible: live, onClick: (r) => setDialog({ kind: 'extend', id: Number(r.id), reload: ctx.reload }) },
          { key: 'release', label: '解绑', color: 'red', perm: 'unicom_release', visible: live, onClick: (r) => void release(Number(r.id), ctx.reload) },
        ]}
      />
      <FieldsDialog
        title={dialog === null ? null : dialog.kind === 'extend' ? '隐私号延期' : dialog.kind === 'lead' ? '绑定资源的隐私号' : '绑定学员的隐私号'}
        fields={dialog?.kind === 'extend' ? EXTEND : dialog?.kind === 'student' ? BIND_STUDENT : BIND_LEAD}
        confirmLabel={dialog?.kind === 'extend' ? '延 期' : '绑 定'}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          if (!dialog) return;
          if (dialog.kind === 'extend') {
            await callApi(unicomUpdateCall, { body: { id: dialog.id, expire_minutes: Number(v.expire_minutes) } });
            notifySuccess('已延期');
          } else {
            const out = await callApi(unicomProvideCall, { body: { target_type: dialog.kind, target_id: Number(v.target_id), expire_minutes: optionalNumber(v.expire_minutes) } });
            notifySuccess(`已绑定隐私号 ${out.middle_number}，有效至 ${out.expires_at}`);
          }
          dialog.reload();
        }}
      />
    </Stack>
  );
}
