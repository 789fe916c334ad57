import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PayItem, PayKind, RuleConfigs } from '../../../src/contract/employee_pay';
import { bcItems, bmItems, emptyLeads, emptySales, feeItems, mkItems, salesNet, sumItems } from './calc';
import { campusFigures, campusSales, holdersOf, leadsByOwner, lessonsByTeacher, staffWithRoles, userNames } from './sources';
import { ruleFor } from './rules';

type Db = Kysely<Database>;

/** One employee's computed pay at a campus for a month. */
export interface ComputedLine {
  user_id: number;
  user_name: string;
  items: PayItem[];
  amount: number;
}

export interface ComputedSheet {
  lines: ComputedLine[];
  /** the rules used, kept with a locked sheet */
  rules: Partial<RuleConfigs>;
}

/** Employees listed: the role holders of the campus (paid 0 when nothing counted) and anyone the records name. */
async function people(db: Db, schoolId: number, roles: readonly string[], named: Iterable<number>, exclude: ReadonlySet<number> = new Set()): Promise<[number, string][]> {
  const staff = await staffWithRoles(db, schoolId, roles);
  const others = [...named].filter((id) => !staff.has(id));
  const names = await userNames(db, others);
  const all: [number, string][] = [...staff.entries(), ...others.map((id): [number, string] => [id, names.get(id) ?? `员工${id}`])];
  return all.filter(([id]) => !exclude.has(id)).sort((a, b) => a[0] - b[0]);
}

const line = (user_id: number, user_name: string, items: PayItem[]): ComputedLine => ({ user_id, user_name, items, amount: sumItems(items) });

/**
 * Computes a kind's pay of every employee at a campus for a month from the ledgers (never from a
 * locked sheet; sheets.ts decides which to read). The rules: docs/employee_pay.md.
 */
export async function computeCampus(db: Db, kind: PayKind, schoolId: number, month: string): Promise<ComputedSheet> {
  switch (kind) {
    case 'BC': {
      const [sales, rule, principals] = await Promise.all([campusSales(db, schoolId, month), ruleFor(db, 'BC', schoolId), staffWithRoles(db, schoolId, ['principal'])]);
      // a principal's own sales are paid on BMBC (their BC part), not here: counted once
      const list = await people(db, schoolId, ['sales'], sales.bySeller.keys(), new Set(principals.keys()));
      return { rules: { BC: rule.config }, lines: list.map(([id, name]) => line(id, name, bcItems(sales.bySeller.get(id) ?? emptySales(), rule.config))) };
    }
    case 'BM':
    case 'BMBC': {
      const sales = await campusSales(db, schoolId, month);
      const [figures, bm, bc] = await Promise.all([campusFigures(db, schoolId, month, sales), ruleFor(db, 'BM', schoolId), ruleFor(db, 'BC', schoolId)]);
      const list = await people(db, schoolId, ['principal'], []);
      const lines = list.map(([id, name]) => {
        const own = sales.bySeller.get(id) ?? emptySales();
        const bmPart = bmItems(figures, salesNet(own), bm.config, month);
        return line(id, name, kind === 'BM' ? bmPart : [...bcItems(own, bc.config), ...bmPart]);
      });
      return { rules: kind === 'BM' ? { BM: bm.config } : { BC: bc.config, BM: bm.config }, lines };
    }
    case 'MK': {
      const [leads, rule] = await Promise.all([leadsByOwner(db, schoolId, month), ruleFor(db, 'MK', schoolId)]);
      const list = await people(db, schoolId, ['telemarketer'], leads.keys());
      return { rules: { MK: rule.config }, lines: list.map(([id, name]) => line(id, name, mkItems(leads.get(id) ?? emptyLeads(), rule.config))) };
    }
    case 'ltFee': {
      const [lessons, rule] = await Promise.all([lessonsByTeacher(db, schoolId, month), ruleFor(db, 'ltFee', schoolId)]);
      const list = await people(db, schoolId, ['teacher', 'foreign_teacher'], lessons.keys());
      const foreign = await holdersOf(db, 'foreign_teacher', list.map(([id]) => id));
      return { rules: { ltFee: rule.config }, lines: list.map(([id, name]) => line(id, name, feeItems(lessons.get(id) ?? [], foreign.has(id), rule.config))) };
    }
  }
}
