import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { request } from '../../api/request';
import { actionPath, actionPerm, fieldSchema, type ActionButton, type ActionDef, type ResourceDef } from '../../contract/resource';
import type { RowAction, TableRow } from '../DataTable';
import { NOTHING_SELECTED, confirmAction, notifyError, notifySuccess, notifyWarning } from '../feedback';
import { FieldInput, type FormValue } from './FieldInput';

/** One button of a declared action: a fixed value (its own or a button's), or a chooser. */
interface ActionChoice {
  key: string;
  action: ActionDef;
  label: string;
  value?: string | number;
  confirm?: string;
  color?: ActionButton['color'];
}

function choicesOf(def: ResourceDef): ActionChoice[] {
  return (def.actions ?? []).flatMap((a): ActionChoice[] => {
    if (a.buttons) return a.buttons.map((b) => ({ key: `${a.name}:${b.value}`, action: a, label: b.label, value: b.value, confirm: b.confirm ?? a.confirm, color: b.color }));
    return [{ key: a.name, action: a, label: a.label, value: a.value, confirm: a.confirm }];
  });
}

function offers(a: ActionDef, where: 'row' | 'bulk'): boolean {
  const ui = a.ui ?? 'both';
  return ui === 'both' || ui === where;
}

export interface DeclaredActions<Row extends TableRow> {
  rowActions: RowAction<Row>[];
  toolbar: ReactNode;
  dialog: ReactNode;
}

/**
 * The row and bulk buttons of a declaration's one-column actions (ActionDef): a confirm, one call
 * `POST <name>/<action>` with the ids (and the value), a toast and a reload. An action whose value
 * the user chooses opens a small dialog with the column's own input first.
 */
export function useDeclaredActions<Row extends TableRow>(def: ResourceDef, allowed: (code: string) => boolean, selectedRows: () => Row[], changed: () => void): DeclaredActions<Row> {
  const [choosing, setChoosing] = useState<{ choice: ActionChoice; ids: unknown[] } | null>(null);
  const [chosen, setChosen] = useState<FormValue>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const choices = useMemo(() => choicesOf(def).filter((c) => allowed(actionPerm(def, c.action))), [def, allowed]);

  const run = async (choice: ActionChoice, ids: unknown[], value: string | number | undefined): Promise<boolean> => {
    const body: Record<string, unknown> = { ids };
    if (value !== undefined) body[choice.action.column] = value;
    try {
      const env = await request({ url: `api/v1/${actionPath(def, choice.action)}`, method: 'POST', data: body });
      if (env.code !== 200) {
        notifyError(env.msg || `${choice.label}失败`);
        return false;
      }
      notifySuccess(`${choice.label}成功`);
      changed();
      return true;
    } catch (e) {
      notifyError(e instanceof Error && e.message ? e.message : `${choice.label}失败`);
      return false;
    }
  };

  const start = async (choice: ActionChoice, ids: unknown[]) => {
    if (ids.length === 0) {
      notifyWarning(NOTHING_SELECTED);
      return;
    }
    if (choice.value === undefined) {
      setChosen(null);
      setError(undefined);
      setChoosing({ choice, ids });
      return;
    }
    if (!(await confirmAction(choice.confirm ?? `确定${choice.label}选中的${def.title}吗？`))) return;
    await run(choice, ids, choice.value);
  };

  const rowActions = choices
    .filter((c) => offers(c.action, 'row'))
    .map(
      (c): RowAction<Row> => ({
        key: `action:${c.key}`,
        label: c.label,
        color: c.color,
        // a button that sets a value is hidden on rows that already have it
        visible: (r) => Number(r.del_flag ?? 0) !== 1 && (c.value === undefined || String(r[c.action.column]) !== String(c.value)),
        onClick: (r) => void start(c, [r.id]),
      }),
    );

  const toolbar = choices
    .filter((c) => offers(c.action, 'bulk'))
    .map((c) => (
      <Button key={c.key} size="xs" variant="light" color={c.color} onClick={() => void start(c, selectedRows().map((r) => r.id))}>
        批量{c.label}
      </Button>
    ));

  const field = choosing ? def.fields[choosing.choice.action.column] : undefined;
  const submit = async () => {
    if (!choosing || !field) return;
    const parsed = fieldSchema({ ...field, required: true }).safeParse(chosen);
    if (!parsed.success || parsed.data === null) {
      setError(parsed.success ? `请选择${field.label}` : parsed.error.issues[0]?.message);
      return;
    }
    if (await run(choosing.choice, choosing.ids, parsed.data)) setChoosing(null);
  };
  const dialog = (
    <Modal opened={!!choosing} onClose={() => setChoosing(null)} title={choosing?.choice.label ?? ''} size="sm" centered>
      {choosing && field && (
        <Stack gap={10}>
          <FieldInput name={choosing.choice.action.column} field={{ ...field, required: true }} value={chosen} onChange={(v) => (setChosen(v), setError(undefined))} error={error} />
          <Group justify="flex-end" gap={8}>
            <Button size="xs" variant="default" onClick={() => setChoosing(null)}>
              取消
            </Button>
            <Button size="xs" onClick={() => void submit()}>
              确定
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );

  return { rowActions, toolbar, dialog };
}
