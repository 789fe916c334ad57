import { describe, expect, it } from 'vitest';
import { enqueue } from '../../../src/offline/outbox';
import { freshDb } from './helpers';
import { arrangeCall, checkInCall } from '../../../src/contract/classes';

describe('the outbox accepts only calls declared offline-capable', () => {
  it('queues an offline call at its declared path with its query', async () => {
    const db = freshDb();
    const item = await enqueue({ call: checkInCall, query: { c: 'zh' }, body: { schedule_id: 1, student_id: 2, mark: 'present' }, kind: 'check_in', label: '签到' }, db);
    expect(item.url).toBe('api/v1/check_in?c=zh');
    expect(item.method).toBe('POST');
  });

  it('refuses, at compile time, a call not marked offline', () => {
    const write = {
      // @ts-expect-error arrange_schedule is not declared `offline: true`, so the outbox type refuses it
      call: arrangeCall,
      body: {},
      kind: 'x',
      label: 'x',
    } satisfies Parameters<typeof enqueue>[0];
    expect(write.call.offline).toBeUndefined();
  });
});
