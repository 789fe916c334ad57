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
