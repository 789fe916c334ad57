import { Group, NumberInput, TextInput } from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import { DATE_RANGE_PRESET_LABELS, dateRangeOf, nowText, type DateRangePreset } from '../../lib/format';
import { OptionInput } from '../options';
import type { SearchField, SearchValue } from './fields';

const PRESETS = Object.keys(DATE_RANGE_PRESET_LABELS) as DateRangePreset[];

function rangePresets() {
  return PRESETS.map((p) => ({ value: dateRangeOf(p) as [string, string], label: DATE_RANGE_PRESET_LABELS[p] }));
}

function toDateOnly(v: string): string {
  return v ? v.slice(0, 10) : '';
}

/** One input of the search form, by kind. */
export function SearchInput({ field, value, onChange }: { field: SearchField; value: SearchValue; onChange: (v: SearchValue) => void }) {
  const w = field.width ?? (field.input.endsWith('range') ? 240 : 170);
  const common = { label: field.label, size: 'xs' as const, w };
  const text = typeof value === 'string' ? value : '';
  const range: [string, string] = Array.isArray(value) ? value : ['', ''];
  switch (field.input) {
    case 'select':
    case 'multiselect':
    case 'tree':
      return <OptionInput kind={field.input} source={field.options} label={field.label} placeholder={field.placeholder} value={text} onChange={onChange} w={w} />;
    case 'number':
      return <NumberInput {...common} placeholder={field.placeholder ?? `请输入${field.label}`} value={text} onChange={(v) => onChange(v === '' ? '' : String(v))} />;
    case 'date':
      return <DatePickerInput {...common} clearable placeholder={field.placeholder ?? '请选择日期'} valueFormat="YYYY-MM-DD" value={text || null} onChange={(v) => onChange(v ?? '')} />;
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          clearable
          withSeconds
          placeholder={field.placeholder ?? '请选择时间'}
          valueFormat="YYYY-MM-DD HH:mm:ss"
          value={text || null}
          onChange={(v) => onChange(v ?? '')}
          presets={[{ value: nowText(), label: '此刻' }]}
        />
      );
    case 'daterange':
    case 'datetimerange':
      return (
        <DatePickerInput
          {...common}
          type="range"
          allowSingleDateInRange
          clearable
          placeholder={field.placeholder ?? '开始日期 - 结束日期'}
          valueFormat="YYYY-MM-DD"
          value={[toDateOnly(range[0]) || null, toDateOnly(range[1]) || null]}
          onChange={([a, b]) => onChange([a ?? '', b ?? ''])}
          presets={rangePresets()}
        />
      );
    case 'numberrange':
      return (
        <Group gap={4} wrap="nowrap" align="flex-end">
          <TextInput {...common} w={w / 2} placeholder="最小" value={range[0]} onChange={(e) => onChange([e.currentTarget.value, range[1]])} />
          <TextInput size="xs" w={w / 2} aria-label={`${field.label}最大`} placeholder="最大" value={range[1]} onChange={(e) => onChange([range[0], e.currentTarget.value])} />
        </Group>
      );
    default:
      return <TextInput {...common} placeholder={field.placeholder ?? `请输入${field.label}`} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
