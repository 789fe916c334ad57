import { useState } from 'react';
import { callApi } from '../../api/call';
import { FLOW_CALLS } from '../../contract/finance-flows';
import { FLOW_RESOURCES, type FlowKind } from '../../contract/resources/finance-flows';
import type { FieldDef } from '../../contract/resource';
import { ResourcePage } from '../../components/ResourcePage';
import { useHasPermission } from '../../components/session';
import { confirmAction, notifyInfo, notifySuccess } from '../../components/feedback';
import { errorMessage } from '../../api/client';
import { formatYuan } from '../../lib/format/money';
import { FieldsDialog } from '../../components/ResourcePage';
import { ImportDialog, importButton } from './ImportDialog';

const STUDENT: Record<string, FieldDef> = { student_id: { type: 'int', label: '学员编号', required: true, min: 1 } };
const CAMPUS: Record<string, FieldDef> = { school_id: { type: 'int', label: '目标校区', required: true, options: { kind: 'schools' } } };

type Dialog = { kind: 'bind' | 'move'; id: number } | null;

/** One channel's flow list: the declared list plus import, bind/unbind, channel query and move. */
function FlowScreen({ kind }: { kind: FlowKind }) {
  const def = FLOW_RESOURCES[kind];
  const calls = FLOW_CALLS[kind];
  const can = useHasPermission();
  const [importing, setImporting] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reload, setReload] = useState<() => void>(() => () => undefined);
  const run = async (work: () => Promise<unknown>, done: string, after: () => void) => {
    try {
      await work();
      notifySuccess(done);
      after();
    } catch (e) {
      notifyInfo(errorMessage(e));
    }
  };
  return (
    <>
      <ResourcePage
        def={def}
        toolbar={(ctx) =>
          importButton(can('fin_flow_import_statement'), () => {
            setReload(() => ctx.reload);
            setImporting(true);
          })
        }
        rowActions={(ctx) => [
          {
            key: 'query',
            label: '渠道查询',
            onClick: (r) => {
              void callApi(calls.query, { query: { id: Number(r.id) } })
                .then((a) => notifyInfo(`${a.provider}${a.simulated ? '（内置模拟渠道）' : ''}：${a.status_text}${a.amount === null ? '' : `，金额 ${formatYuan(a.amount)} 元`}`))
                .catch((e: unknown) => notifyInfo(errorMessage(e)));
            },
          },
          {
            key: 'bind',
            label: '绑定学员',
            perm: `${def.name}_bind_student`,
            onClick: (r) => {
              setReload(() => ctx.reload);
              setDialog({ kind: 'bind', id: Number(r.id) });
            },
          },
          {
            key: 'unbind',
            label: '解绑',
            perm: `${def.name}_unbind_student`,
            visible: (r) => r.student_id !== null && r.student_id !== undefined,
            onClick: (r) => {
              void confirmAction('确定解除该流水与学员的绑定吗？').then(async (yes) => {
                if (yes) await run(() => callApi(calls.unbind, { body: { id: Number(r.id) } }), '已解绑', ctx.reload);
              });
            },
          },
          {
            key: 'move',
            label: '转校区',
            perm: `${def.name}_trans_sch`,
            onClick: (r) => {
              setReload(() => ctx.reload);
              setDialog({ kind: 'move', id: Number(r.id) });
            },
          },
        ]}
      />
      <ImportDialog opened={importing} kind={kind} onClose={() => setImporting(false)} onDone={() => reload()} />
      <FieldsDialog
        title={dialog?.kind === 'bind' ? '绑定学员' : dialog?.kind === 'move' ? '转校区' : null}
        fields={dialog?.kind === 'move' ? CAMPUS : STUDENT}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          if (!dialog) return;
          if (dialog.kind === 'bind') await callApi(calls.bind, { body: { id: dialog.id, student_id: Number(v.student_id) } });
          else await callApi(calls.transSch, { body: { id: dialog.id, school_id: Number(v.school_id) } });
          notifySuccess(dialog.kind === 'bind' ? '已绑定学员' : '已转到目标校区');
          reload();
        }}
      />
    </>
  );
}

export const YbFlowScreen = () => <FlowScreen kind="yb" />;
export const YsepayFlowScreen = () => <FlowScreen kind="ysepay" />;
export const YsepayQrFlowScreen = () => <FlowScreen kind="ysepay_qr" />;
export const HappyPayFlowScreen = () => <FlowScreen kind="happy_pay" />;
export const GenericFlowScreen = () => <FlowScreen kind="generic" />;
