import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { bodySchema, fieldSchema, refText, SCHOOL_COLUMN, writableFields, type FieldDef, type ResourceDef } from '../../contract/resource';
import { notifyError, notifySuccess } from '../feedback';
import { OptionInput } from '../options';
import { writeCall } from './calls';
import { FieldInput, type FormValue } from './FieldInput';
import { errorMessage } from '../../api/client';

export interface ResourceFormProps {
  def: ResourceDef;
  mode: 'add' | 'update';
  /** the row being edited, or values to start a new one with */
  initial: Record<string, unknown>;
  /** true when the dialog closes after a save */
  onClose: (saved: boolean) => void;
  /**
   * A screen's own input for a field whose choices depend on other values of the form (staff of
   * the chosen campus); undefined keeps the declaration's input.
   */
  renderField?: (name: string, input: { values: FormValues; value: FormValue; onChange: (v: FormValue) => void; error?: string }) => ReactNode | undefined;
  /**
   * Fields emptied when another one changes, e.g. `{ school_id: ['kf_id'] }`: a member of staff or
   * a classroom chosen for the old campus does not stay on a row moved to another campus.
   */
  clearOnChange?: Readonly<Record<string, readonly string[]>>;
}

export type FormValues = Record<string, FormValue>;
type Values = FormValues;

const SCHOOL_FIELD: FieldDef = { type: 'int', label: '校区', options: { kind: 'schools' } };

/** Form fields: writable, not `form: false`; a school-scoped declaration also asks for the school. */
export function formFieldsOf(def: ResourceDef): [string, FieldDef][] {
  const own = writableFields(def).filter(([, f]) => f.form !== false);
  if (def.scope === 'school' && !def.fields[SCHOOL_COLUMN]) own.push([SCHOOL_COLUMN, SCHOOL_FIELD]);
  return own;
}

function startValues(fields: [string, FieldDef][], initial: Record<string, unknown>, mode: 'add' | 'update'): Values {
  const out: Values = {};
  for (const [name, f] of fields) {
    const v = initial[name];
    if (typeof v === 'string' || typeof v === 'number') out[name] = v;
    else if (typeof v === 'boolean') out[name] = v ? 1 : 0;
    else if (mode === 'add' && f.default !== undefined) out[name] = typeof f.default === 'boolean' ? (f.default ? 1 : 0) : f.default;
    else out[name] = f.type === 'bool' && mode === 'add' ? 0 : null;
  }
  return out;
}

function shown(field: FieldDef, values: Values): boolean {
  if (!field.showWhen) return true;
  const v = values[field.showWhen.field];
  return field.showWhen.in.some((x) => String(x) === String(v));
}

/** Long inputs take the whole row of the form grid. */
function wide(f: FieldDef): boolean {
  return f.input === 'attachment' || f.input === 'richtext' || f.type === 'text';
}

/** The dialog form of a declaration, validated with the contract's body schema (the server's own rules and messages). */
export function ResourceForm({ def, mode, initial, onClose, renderField, clearOnChange }: ResourceFormProps) {
  const fields = useMemo(() => formFieldsOf(def), [def]);
  const [values, setValues] = useState<Values>(() => startValues(fields, initial, mode));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const schema = useMemo(() => bodySchema(def, mode), [def, mode]);

  const set = (name: string, v: FormValue) => {
    setValues((s) => {
      const next = { ...s, [name]: v };
      if (String(s[name] ?? '') !== String(v ?? '')) for (const dependent of clearOnChange?.[name] ?? []) next[dependent] = null;
      return next;
    });
    setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));
  };

  const submit = async () => {
    const visible = fields.filter(([, f]) => shown(f, values));
    const body: Record<string, unknown> = Object.fromEntries(visible.map(([n]) => [n, values[n]]));
    if (mode === 'update') body.id = initial.id;
    // Each field on its own first, so every wrong field shows its message at once; then the whole body.
    const next: Record<string, string> = {};
    for (const [name, f] of visible) {
      if (name === SCHOOL_COLUMN && f === SCHOOL_FIELD) continue;
      const r = fieldSchema(f).safeParse(values[name]);
      if (!r.success) next[name] = r.error.issues[0]?.message ?? `${f.label}格式不正确`;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key && !next[key]) next[key] = issue.message;
      }
    }
    if (Object.keys(next).length || !parsed.success) {
      setErrors(next);
      if (!Object.keys(next).length && !parsed.success) notifyError(parsed.error.issues[0]?.message ?? '请检查填写内容');
      return;
    }
    setSaving(true);
    try {
      const env = await writeCall(def, mode, parsed.data);
      if (env.code !== 200) {
        notifyError(env.msg || (mode === 'add' ? '创建失败' : '修改失败'));
        return;
      }
      notifySuccess(mode === 'add' ? '创建成功' : '修改成功');
      onClose(true);
    } catch (e) {
      notifyError(errorMessage(e, mode === 'add' ? '创建失败' : '修改失败'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap={8}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={10} verticalSpacing={6}>
          {fields
            .filter(([, f]) => shown(f, values))
            .map(([name, f]) => (
              <div key={name} style={wide(f) ? { gridColumn: '1 / -1' } : undefined}>
                {renderField?.(name, { values, value: values[name], onChange: (v) => set(name, v), error: errors[name] || undefined }) ??
                (name === SCHOOL_COLUMN && f === SCHOOL_FIELD ? (
                  <OptionInput kind="select" source={f.options} label={f.label} value={values[name] === null ? '' : String(values[name])} onChange={(v) => set(name, v === '' ? null : v)} error={errors[name]} />
                ) : (
                  <FieldInput
                    name={name}
                    field={f}
                    value={values[name]}
                    onChange={(v) => set(name, v)}
                    error={errors[name] || undefined}
                    onUploadingChange={setUploading}
                    valueLabel={f.ref && String(values[name] ?? '') === String(initial[name] ?? '') ? refText(initial, name, f) : undefined}
                  />
                ))}
              </div>
            ))}
        </SimpleGrid>
        <Group justify="flex-end" gap={8}>
          <Button size="xs" variant="default" onClick={() => onClose(false)}>
            取消
          </Button>
          <Button size="xs" type="submit" loading={saving} disabled={uploading}>
            确定
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
