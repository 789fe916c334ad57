import { TimePicker } from '@mantine/dates';

interface Props {
  value: string;
  onChange(value: string): void;
  /** visible label; or only `name` for the screen reader */
  label?: string;
  /** what the time is, e.g. 第1行开始时间: names the hour and minute fields */
  name: string;
  size?: 'xs' | 'sm' | 'md';
  error?: string;
  required?: boolean;
}

/**
 * A time of day as 24-hour HH:mm whatever the browser's language. The native time input shows
 * 上午/下午 or AM/PM under a 12-hour locale; Mantine's TimePicker keeps its own 24-hour fields.
 */
export function TimeField({ value, onChange, label, name, size = 'sm', error, required }: Props) {
  return (
    <TimePicker
      format="24h"
      size={size}
      label={label}
      aria-label={label ? undefined : name}
      hoursInputLabel={`${name}（时）`}
      minutesInputLabel={`${name}（分）`}
      hoursPlaceholder="时"
      minutesPlaceholder="分"
      value={value}
      onChange={onChange}
      error={error}
      required={required}
    />
  );
}
