import { NumberInput, PasswordInput, Switch, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import { inputOf, type FieldDef } from '../../contract/resource';
import { refSearchParam } from '../../contract/refs';
import { AttachmentField } from '../AttachmentField';
import { fenToYuan, yuanToFen } from '../../lib/format/money';
import { TimeField } from '../TimeField';
import { OptionInput, RefSelect } from '../options';

export type FormValue = string | number | null;

export interface FieldInputProps {
  name: string;
  field: FieldDef;
  value: FormValue;
  onChange: (v: FormValue) => void;
  error?: string;
  onUploadingChange?: (uploading: boolean) => void;
  /** a relation's current label (from the edited row's label columns) */
  valueLabel?: string;
}

const text = (v: FormValue): string => (v === null || v === undefined ? '' : String(v));

/** One input of the dialog form, chosen by the declaration's input kind. */
export function FieldInput({ name, field, value, onChange, error, onUploadingChange, valueLabel }: FieldInputProps) {
  const common = { label: field.label, error, required: field.required, size: 'xs' as const };
  const placeholder = field.placeholder;
  switch (inputOf(field)) {
    case 'textarea':
    case 'richtext':
      return <Textarea {...common} autosize minRows={inputOf(field) === 'richtext' ? 6 : 3} maxRows={14} placeholder={placeholder ?? `请输入${field.label}`} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'password':
      return <PasswordInput {...common} placeholder={placeholder ?? `请输入${field.label}`} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      // money travels as integer fen; the input shows and takes yuan
      if (field.type === 'money') {
        const yuan = fenToYuan(value);
        return (
          <NumberInput
            {...common}
            label={`${field.label}(元)`}
            placeholder={placeholder ?? `请输入${field.label}`}
            value={yuan === null ? '' : yuan}
            decimalScale={2}
            thousandSeparator=","
            onChange={(v) => onChange(yuanToFen(v))}
          />
        );
      }
      return (
        <NumberInput
          {...common}
          placeholder={placeholder ?? `请输入${field.label}`}
          value={value === null ? '' : value}
          decimalScale={field.type === 'int' ? 0 : undefined}
          onChange={(v) => onChange(v === '' ? null : v)}
        />
      );
    case 'ref':
      return field.ref ? (
        <RefSelect
          resource={field.ref.resource}
          labels={field.ref.label}
          searchParam={refSearchParam(field)}
          label={field.label}
          placeholder={placeholder}
          value={text(value)}
          valueLabel={valueLabel}
          onChange={(v) => onChange(v === '' ? null : v)}
          error={error}
          required={field.required}
        />
      ) : null;
    case 'select':
    case 'multiselect':
    case 'tree':
      return (
        <OptionInput
          kind={inputOf(field) as 'select' | 'multiselect' | 'tree'}
          source={field.options}
          label={field.label}
          placeholder={placeholder}
          value={text(value)}
          onChange={(v) => onChange(v === '' ? null : v)}
          error={error}
          required={field.required}
        />
      );
    case 'date':
      return <DatePickerInput {...common} clearable valueFormat="YYYY-MM-DD" placeholder={placeholder ?? '请选择日期'} value={text(value) || null} onChange={(v) => onChange(v ?? null)} />;
    case 'time':
      return <TimeField label={field.label} name={field.label} size="xs" value={text(value)} onChange={(v) => onChange(v === '' ? null : v)} error={error} required={field.required} />;
    case 'datetime':
      return <DateTimePicker {...common} clearable withSeconds valueFormat="YYYY-MM-DD HH:mm:ss" placeholder={placeholder ?? '请选择时间'} value={text(value) || null} onChange={(v) => onChange(v ?? null)} />;
    case 'switch':
      return <Switch label={field.label} size="sm" mt={6} checked={value === 1 || value === '1'} onChange={(e) => onChange(e.currentTarget.checked ? 1 : 0)} error={error} />;
    case 'attachment':
      return <AttachmentField label={field.label} value={text(value)} onChange={(ids) => onChange(ids === '' ? null : ids)} error={error} onUploadingChange={onUploadingChange} />;
    default:
      return <TextInput {...common} name={name} placeholder={placeholder ?? `请输入${field.label}`} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
