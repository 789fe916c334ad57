import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { callApi } from '../../api/call';
import type { GiftView } from '../../contract/gift-views';
import { giveGiftCall, updateGiftReturnCall } from '../../contract/orders-extras';
import { studentGiftResource } from '../../contract/resources/orders-extras';
import { columnOf, type FieldDef, type ResourceDef } from '../../contract/resource';
import type { TableQuery } from '../DataTable';
import { FieldsDialog, ResourcePage } from '../ResourcePage';
import { notifySuccess } from '../feedback';

const GIVE: Record<string, FieldDef> = {};
const RETURN: Record<string, FieldDef> = {
  return_charge: { type: 'money', label: '未退回扣款', min: 0, max: 10_000_000 },
  return_note: { type: 'string', label: '退回说明', max: 255 },
};

type Step = 'give' | 'return';
const TITLES: Record<Step, string> = { give: '确认发放赠品', return: '赠品退回' };

/**
 * The declaration as the view shows it: its columns first and in its order (the others hidden,
 * still offered in the column settings), and only its search fields.
 */
export function giftViewDef(view: GiftView): ResourceDef {
  const fields = studentGiftResource.fields as Readonly<Record<string, FieldDef>>;
  const { columns, search } = view;
  // 推荐赠品 are added from the order (add_recommend_gift), never on their view
  const calls = view.fixed?.source !== undefined ? { ...studentGiftResource.calls, add: false as const } : studentGiftResource.calls;
  if (!columns && !search) return studentGiftResource;
  const order = columns ? [...columns, ...Object.keys(fields).filter((k) => !columns.includes(k))] : Object.keys(fields);
  const out: Record<string, FieldDef> = {};
  for (const name of order) {
    const f = fields[name];
    const col = columnOf(f);
    const list = columns && col ? { ...col, show: columns.includes(name) } : f.list;
    out[name] = { ...f, list, search: !search || search.includes(name) ? f.search : undefined };
  }
  return { ...studentGiftResource, calls, fields: out };
}

/** Filters every call of the view carries. */
function fixedOf(view: GiftView): TableQuery {
  return { ...view.fixed, ...(view.students ? { view: view.students } : {}) };
}

/**
 * A view of 学员赠品 (src/contract/gift-views.ts): 待发放 gifts are handed out (发放), given ones taken
 * back or charged at a refund (退回). 推荐赠品 are added from the order, not here.
 */
export function GiftViewPage({ view }: { view: GiftView }) {
  const [dialog, setDialog] = useState<{ step: Step; id: number; reload: () => void } | null>(null);
  const def = useMemo(() => giftViewDef(view), [view]);
  const fixed = useMemo(() => fixedOf(view), [view]);
  return (
    <Stack gap={6}>
      {view.hint ? (
        <Text size="xs" c="dimmed">
          {view.hint}
        </Text>
      ) : null}
      <ResourcePage
        def={def}
        fixedFilters={fixed}
        newDefaults={view.fixed}
        rowActions={(ctx) => [
          { key: 'give', label: '发放', perm: 'order_student_gift_give_gift', visible: (r) => Number(r.state) === 1, onClick: (r) => setDialog({ step: 'give', id: Number(r.id), reload: ctx.reload }) },
          { key: 'return', label: '退回', perm: 'order_student_gift_update_return', visible: (r) => Number(r.state) === 2, onClick: (r) => setDialog({ step: 'return', id: Number(r.id), reload: ctx.reload }) },
        ]}
      />
      <FieldsDialog
        title={dialog ? TITLES[dialog.step] : null}
        fields={dialog?.step === 'return' ? RETURN : GIVE}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          if (!dialog) return;
          if (dialog.step === 'give') await callApi(giveGiftCall, { body: { ids: [dialog.id] } });
          else {
            const note = String(v.return_note ?? '').trim();
            await callApi(updateGiftReturnCall, { body: { id: dialog.id, return_charge: Number(v.return_charge ?? 0), ...(note ? { return_note: note } : {}) } });
          }
          notifySuccess(dialog.step === 'give' ? '赠品已发放' : '赠品已退回');
          dialog.reload();
        }}
      />
    </Stack>
  );
}
