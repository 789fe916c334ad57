/**
 * A menu of the seed. Type 0 directories, 1 screens (with a `component` key), 2 buttons (with an
 * operation code as `code`). `grants` lists role codes that get this node and, unless they say
 * otherwise, its children; RC999 sees everything without grants.
 */
export interface MenuSeed {
  name: string;
  code: string;
  type: 0 | 1 | 2;
  url?: string;
  component?: string;
  icon?: string;
  hidden?: 0 | 1;
  active_menu?: string;
  meta?: string;
  grants?: readonly string[];
  /**
   * Place among the directory's children when first inserted (default: its place in the seed file).
   * A screen another area's file adds to a shared directory names the place it belongs at.
   */
  order?: number;
  children?: readonly MenuSeed[];
}

/** Screen with its buttons: the usual shape. */
export function screen(name: string, component: string, buttons: readonly [string, string][], extra: Partial<MenuSeed> = {}): MenuSeed {
  return {
    name,
    code: component.replace(/\//g, '_'),
    type: 1,
    url: `/${component}`,
    component,
    ...extra,
    children: buttons.map(([code, label]) => ({ name: label, code, type: 2 as const })),
  };
}

/**
 * The code and url a screen had before its component key moved into its area (educational/…,
 * base/class_manage → classes/…): they are the menu's identity (seed keys, grants, read
 * permissions, bookmarks), so they stay; src/contract/areas.ts maps the old keys to the new.
 */
export function kept(oldKey: string): { code: string; url: string } {
  return { code: oldKey.replace(/\//g, '_'), url: `/${oldKey}` };
}
