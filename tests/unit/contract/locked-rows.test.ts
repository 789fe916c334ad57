import { describe, expect, it } from 'vitest';
import { isLocked, lockedMessage } from '../../../src/contract/resource';
import { RESOURCES } from '../../../src/contract/resources';
import { reconciliationResource } from '../../../src/contract/resources/finance-flows';

describe('final rows (lockedWhen)', () => {
  it('a closed reconciliation day is final, an open one is not, whatever type the state arrives as', () => {
    expect(isLocked(reconciliationResource, { state: 1 })).toBe(true);
    expect(isLocked(reconciliationResource, { state: '1' })).toBe(true);
    expect(isLocked(reconciliationResource, { state: 0 })).toBe(false);
    expect(isLocked(reconciliationResource, {})).toBe(false);
  });

  it('the refusal names the row', () => {
    const rule = reconciliationResource.lockedWhen;
    expect(rule && lockedMessage(rule, { recon_date: '2026-11-21' })).toBe('2026-11-21 已关账，不能修改，请先重新打开该对账日');
  });

  it('every lock rule names a declared field and fills only declared columns into its message', () => {
    for (const def of RESOURCES) {
      const rule = def.lockedWhen;
      if (!rule) continue;
      const columns = new Set(['id', ...Object.keys(def.fields)]);
      expect(columns.has(rule.field), `${def.name}.lockedWhen.field`).toBe(true);
      for (const [, k] of rule.msg.matchAll(/\{(\w+)\}/g)) expect(columns.has(k), `${def.name}.lockedWhen.msg {${k}}`).toBe(true);
      expect(rule.in.length, def.name).toBeGreaterThan(0);
    }
  });
});
