import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SnapshotView } from '../../../../src/features/workflow/shared/SnapshotView';
import { renderWidget } from '../../components/render';

describe('application detail: the record as submitted (snapshot)', () => {
  it('shows the record with known labels and hides bookkeeping columns', () => {
    renderWidget(<SnapshotView snapshot={{ id: 7, student_id: 12, start_date: '2026-12-15', days: 20, reason: '出国交流', updated_by: 3, wf_instance_id: null, remark: null }} />);
    expect(screen.getByTestId('wf-snapshot')).toBeTruthy();
    expect(screen.getByText('开始日期')).toBeTruthy();
    expect(screen.getByText('2026-12-15')).toBeTruthy();
    expect(screen.getByText('出国交流')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByText('updated_by')).toBeNull();
    expect(screen.queryByText('wf_instance_id')).toBeNull();
  });

  it('says so when the application has no record', () => {
    renderWidget(<SnapshotView snapshot={null} />);
    expect(screen.getByText('该申请没有关联业务记录的快照')).toBeTruthy();
  });
});
