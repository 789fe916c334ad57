import { NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { FormField } from '../../../contract/workflow-tree';

export type FormValues = Record<string, string | number | null>;

/**
 * The generic application form: one input per field of the definition's form. `only`: the fields
 * that may be edited (the others are shown disabled), for an approver's permitted edits.
 */
export function FormFields({ fields, values, onChange, only }: { fields: readonly FormField[]; values: FormValues; onChange: (next: FormValues) => void; only?: readonly string[] }) {
  return (
    <Stack gap="xs">
      {fields.map((f) => (
        <OneField key={f.name} f={f} v={values[f.name]} disabled={only !== undefined && !only.includes(f.name)} set={(name, v) => onChange({ ...values, [name]: v })} />
      ))}
    </Stack>
  );
}

function OneField({ f, v, disabled, set }: { f: FormField; v: string | number | null | undefined; disabled: boolean; set: (name: string, v: string | number | null) => void }) {
  const common = { label: f.label, withAsterisk: f.required, disabled, 'data-field': f.name };
  switch (f.type) {
    case 'textarea':
      return <Textarea {...common} autosize minRows={2} maxRows={6} maxLength={2000} value={v === null || v === undefined ? '' : String(v)} onChange={(e) => set(f.name, e.currentTarget.value)} />;
    case 'number':
    case 'money':
      return (
        <NumberInput
          {...common}
          decimalScale={f.type === 'money' ? 2 : 0}
          suffix={f.type === 'money' ? ' 元' : undefined}
          thousandSeparator=","
          value={typeof v === 'number' ? v : v === null || v === undefined || v === '' ? '' : Number(v)}
          onChange={(n) => set(f.name, n === '' ? null : Number(n))}
        />
      );
    case 'select':
      return <Select {...common} data={f.options ?? []} value={v === null || v === undefined ? null : String(v)} onChange={(s) => set(f.name, s)} clearable={!f.required} />;
    case 'date':
      return <TextInput {...common} type="date" value={v === null || v === undefined ? '' : String(v)} onChange={(e) => set(f.name, e.currentTarget.value)} />;
    default:
      return <TextInput {...common} maxLength={200} value={v === null || v === undefined ? '' : String(v)} onChange={(e) => set(f.name, e.currentTarget.value)} />;
  }
}

/** The first required field left empty, for a check before sending. */
export function missingRequired(fields: readonly FormField[], values: FormValues): FormField | undefined {
  return fields.find((f) => f.required && (values[f.name] === undefined || values[f.name] === null || values[f.name] === ''));
}
