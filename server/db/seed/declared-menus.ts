import { actionPerm, callPath, permCode, type ResourceDef } from '../../../src/contract/resource';
import type { MenuSeed } from '../../../src/contract/menu-seed';

const WRITES = [
  ['add', '新增'],
  ['update', '编辑'],
  ['delete', '删除'],
  ['recover', '恢复'],
] as const;

/** A declaration's own screen: its list with a button per write call it serves and per action. */
export function declaredScreen(def: ResourceDef): MenuSeed | undefined {
  const m = def.menu;
  if (!m) return undefined;
  const buttons = new Map<string, MenuSeed>();
  for (const [call, verb] of WRITES) {
    if (callPath(def, call)) buttons.set(permCode(def, call), { name: `${verb}${def.title}`, code: permCode(def, call), type: 2 });
  }
  for (const a of def.actions ?? []) {
    const code = actionPerm(def, a);
    if (!buttons.has(code)) buttons.set(code, { name: a.label, code, type: 2 });
  }
  return {
    name: m.name ?? def.title,
    code: m.code,
    type: 1,
    url: m.url ?? `/${m.in.split('>')[0]}/${def.name}`,
    component: `resource/${def.name}`,
    ...(m.grants ? { grants: m.grants } : {}),
    ...(m.order !== undefined ? { order: m.order } : {}),
    children: [...buttons.values()],
  };
}

/**
 * The areas' menu seeds with each declaration's own screen placed in its directory (the first
 * directory of the seeds at that path of codes, whose grants it inherits unless it names its own).
 * A directory no seed declares is an error at start, not a screen silently left out.
 */
export function withDeclaredScreens(seeds: readonly MenuSeed[], defs: readonly ResourceDef[]): MenuSeed[] {
  const added = new Map<MenuSeed, MenuSeed[]>();
  for (const def of defs) {
    const own = declaredScreen(def);
    if (!own || !def.menu) continue;
    const dir = findDirectory(seeds, def.menu.in.split('>'));
    if (!dir) throw new Error(`声明 ${def.name} 的菜单目录 ${def.menu.in} 不存在`);
    added.set(dir, [...(added.get(dir) ?? []), own]);
  }
  const copy = (nodes: readonly MenuSeed[]): MenuSeed[] =>
    nodes.map((n) => {
      const extra = added.get(n) ?? [];
      if (!n.children && extra.length === 0) return n;
      return { ...n, children: [...copy(n.children ?? []), ...extra] };
    });
  return copy(seeds);
}

function findDirectory(nodes: readonly MenuSeed[], path: readonly string[]): MenuSeed | undefined {
  const [head, ...rest] = path;
  for (const n of nodes) {
    if (n.type !== 0 || n.code !== head) continue;
    if (rest.length === 0) return n;
    const found = findDirectory(n.children ?? [], rest);
    if (found) return found;
  }
  return undefined;
}
