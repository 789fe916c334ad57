import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../../src/lib/permissions';

describe('hasPermission', () => {
  it('is true for a listed operation code only', () => {
    expect(hasPermission('add_menu', ['add_menu', 'del_menu'])).toBe(true);
    expect(hasPermission('update_menu', ['add_menu', 'del_menu'])).toBe(false);
    expect(hasPermission('add_menu', [])).toBe(false);
  });
  it('passes everything for RC999', () => {
    expect(hasPermission('anything', ['RC999'])).toBe(true);
    expect(hasPermission('del_menu', new Set(['RC999']))).toBe(true);
  });
  it('works with a set and refuses an empty code', () => {
    expect(hasPermission('add_menu', new Set(['add_menu']))).toBe(true);
    expect(hasPermission('', new Set(['add_menu']))).toBe(false);
  });
});
