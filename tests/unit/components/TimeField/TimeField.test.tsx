import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TimeField } from '../../../../src/components/TimeField';
import { renderWidget } from '../render';

// Issue 18, defect 15: time inputs showed 上午/下午 or AM/PM under a 12-hour browser language.
function Probe() {
  const [v, setV] = useState('09:00');
  return (
    <>
      <TimeField name="开始时间" value={v} onChange={setV} />
      <output data-testid="value">{v}</output>
    </>
  );
}

describe('TimeField', { timeout: 30000 }, () => {
  it('is 24-hour HH:mm with its own hour and minute fields, whatever the browser language', async () => {
    const user = userEvent.setup();
    renderWidget(<Probe />);
    const hours = await screen.findByLabelText('开始时间（时）');
    expect(hours.getAttribute('type')).not.toBe('time');
    expect(screen.queryByText(/上午|下午|AM|PM/)).toBeNull();
    await user.clear(hours);
    await user.type(hours, '21');
    const minutes = screen.getByLabelText('开始时间（分）');
    await user.clear(minutes);
    await user.type(minutes, '30');
    expect(screen.getByTestId('value').textContent).toBe('21:30');
  });
});
