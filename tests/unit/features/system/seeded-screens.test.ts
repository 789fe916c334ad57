import { describe, expect, it } from 'vitest';
import type { MenuSeed } from '../../../../src/contract/menu-seed';
import { SCREENS } from '../../../../src/app/screens';
import { resolveScreen } from '../../../../src/app/ScreenHost';
import { resourceByName } from '../../../../src/contract/resources';
import { RENAMED_SCREEN_KEYS } from '../../../../src/contract/areas';

// Every menu seed file, the way the server's seed finds them (a new area's file is picked up too).
const seedModules = import.meta.glob<{ menus?: readonly MenuSeed[] }>('../../../../src/contract/menus/*.ts', { eager: true });

function screenKeys(nodes: readonly MenuSeed[], out: { name: string; key: string }[] = []): { name: string; key: string }[] {
  for (const n of nodes) {
    if (n.type === 1) out.push({ name: n.name, key: (n.component ?? '').trim() });
    if (n.children) screenKeys(n.children, out);
  }
  return out;
}

const seeded = Object.values(seedModules).flatMap((m) => screenKeys(m.menus ?? []));

/** Why a key does not open a screen, or '' when it does. */
function problemOf(key: string): string {
  if (!key) return 'no component key';
  const k = key.replace(/^\/+/, '');
  if (SCREENS[k]) return '';
  if (k.startsWith('resource/')) return resourceByName(k.slice('resource/'.length)) ? '' : 'resource without declaration';
  return 'not in the screen registry';
}

describe('seeded menus', () => {
  it('are read from the seed files', () => {
    expect(Object.keys(seedModules).length).toBeGreaterThanOrEqual(3);
    expect(seeded.map((s) => s.key)).toContain('system/menu');
  });

  it('open a screen for every type-1 entry (no MODULE_NOT_FOUND)', () => {
    const missing = seeded.filter((s) => problemOf(s.key) !== '').map((s) => `${s.name} (${s.key || '—'}): ${problemOf(s.key)}`);
    expect(missing).toEqual([]);
  });

  it('name no screen key that moved into its area, and an old key still opens the moved screen', () => {
    expect(seeded.filter((s) => RENAMED_SCREEN_KEYS[s.key] !== undefined).map((s) => s.key)).toEqual([]);
    for (const [from, to] of Object.entries(RENAMED_SCREEN_KEYS)) {
      expect([from, problemOf(to)]).toEqual([from, '']);
      expect([from, SCREENS[from]]).toEqual([from, SCREENS[to]]);
    }
  });

  it('resolve through the app shell the same way', () => {
    const unresolved = seeded.filter((s) => resolveScreen(s.key).kind === 'missing').map((s) => s.key);
    expect(unresolved).toEqual([]);
  });
});

describe('option sources of the declarations', () => {
  it('name a declared resource or a known list (a select fed by neither opens empty)', async () => {
    const { RESOURCES } = await import('../../../../src/contract/resources');
    const { SYSTEM_LISTS } = await import('../../../../src/contract/resources/system');
    const dangling = RESOURCES.flatMap((def) =>
      Object.entries(def.fields).flatMap(([name, f]) =>
        f.options?.kind === 'resource' && !resourceByName(f.options.resource) && !SYSTEM_LISTS[f.options.resource] ? [`${def.name}.${name} → ${f.options.resource}`] : [],
      ),
    );
    expect(dangling).toEqual([]);
  });
});
