import { SegmentedControl } from '@mantine/core';
import { CHECK_IN_MARKS, MARK_TEXT, type CheckInMark } from '../../../contract/check-in';

/** Which mark one tap gives (出勤 by default); large enough for a finger. */
export function MarkModePicker({ value, onChange, size = 'md' }: { value: CheckInMark; onChange: (m: CheckInMark) => void; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <SegmentedControl
      aria-label="考勤标记"
      size={size}
      value={value}
      onChange={(v) => onChange(v as CheckInMark)}
      data={CHECK_IN_MARKS.map((m) => ({ value: m, label: MARK_TEXT[m] }))}
      styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center', paddingInline: 14 } }}
    />
  );
}
