import type { MenuSeed } from '../menu-seed';
import { screen } from '../menu-seed';
import { PAY_KINDS, PAY_SCREENS, RULE_KINDS, payPerms, type PayKind } from '../employee_pay';

export const order = 45;

/** Who reads each pay screen: finance and administrators all campuses, principals their own. */
const READERS = ['finance', 'principal'];
/** Who confirms, corrects and sets the rules: finance (RC999 anyway). */
const WRITERS = ['finance'];

function payScreen(kind: PayKind): MenuSeed {
  const s = PAY_SCREENS[kind];
  const p = payPerms(kind);
  const buttons: [string, string][] = [
    [p.lock, `确认${s.title}`],
    [p.adjust, `更正${s.title}`],
  ];
  if ((RULE_KINDS as readonly string[]).includes(kind)) buttons.push([p.rule, `设置${s.title}规则`]);
  const seed = screen(s.title, `employee_pay/${s.code}`, buttons, { code: s.code, url: `/employee_pay/${s.code}`, grants: READERS });
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: WRITERS })) };
}

/** 薪酬提成 (server/modules/employee_pay, docs/employee_pay.md): a top-level menu of the five pay screens. */
export const menus: readonly MenuSeed[] = [
  {
    name: '薪酬提成',
    code: 'employee_pay',
    type: 0,
    url: '/employee_pay',
    icon: 'money',
    grants: READERS,
    children: PAY_KINDS.map(payScreen),
  },
];
