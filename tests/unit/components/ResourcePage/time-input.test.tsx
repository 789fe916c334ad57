import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FieldInput, type FormValue } from '../../../../src/components/ResourcePage/FieldInput';
import type { FieldDef } from '../../../../src/contract/resource';
import { scheduleResource } from '../../../../src/contract/resources/classes';
import { renderWidget } from '../render';

// Issue 18, defect 15: a declared time of day (课表, 排课时间段) is typed as 24-hour HH:mm, not as free text.
function Probe({ field }: { field: FieldDef }) {
  const [v, setV] = useState<FormValue>('09:00');
  return (
    <>
      <FieldInput name="start_time" field={field} value={v} onChange={setV} />
      <output data-testid="value">{String(v)}</output>
    </>
  );
}

describe('a declared time field', { timeout: 30000 }, () => {
  it('has its own 24-hour hour and minute inputs and keeps HH:mm', async () => {
    const user = userEvent.setup();
    renderWidget(<Probe field={scheduleResource.fields.start_time} />);
    const hours = await screen.findByLabelText('开始时间（时）');
    expect(screen.queryByText(/上午|下午|AM|PM/)).toBeNull();
    await user.clear(hours);
    await user.type(hours, '21');
    const minutes = screen.getByLabelText('开始时间（分）');
    await user.clear(minutes);
    await user.type(minutes, '05');
    expect(screen.getByTestId('value').textContent).toBe('21:05');
  });
});
