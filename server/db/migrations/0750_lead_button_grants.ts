import { sql, type Kysely } from 'kysely';

/** The lead screens' menu codes when this migration was written (the seed's codes never change). */
const LEAD_SCREEN_CODES = [
  'marketing_resource',
  'marketing_resource_clues',
  'marketing_telemarketer_to_be_assigned',
  'marketing_telemarketer_assigned',
  'marketing_existing_students',
  'marketing_invalid_resource',
];

/**
 * The marketing seed granted the buttons of every lead screen to all lead workers, also on screens
 * granted to fewer roles (电销待分配 to the principal, 电销已分配 to the telemarketers, 已有学员 to
 * the sellers). The sidebar shows the screen of every granted button, so sellers saw 电销待分配 and
 * 电销已分配 and telemarketers 电销待分配 and 已有学员: screens made for others, empty for them.
 * The seed now grants a button only with its screen; this takes such buttons from the roles that
 * do not hold their screen in databases seeded before. The role screen never makes that state (a
 * checked button checks its screen), so no administrator's grant is lost. The operation codes stay
 * with the roles through the same buttons on the screens they hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from role_menus
    where menu_id in (
      select b.id from menus b join menus s on s.id = b.parent
      where b.type = 2 and s.type = 1 and s.code in (${sql.join(LEAD_SCREEN_CODES)})
    )
    and not exists (
      select 1 from role_menus h join menus b2 on b2.parent = h.menu_id
      where h.role_id = role_menus.role_id and b2.id = role_menus.menu_id
    )
  `.execute(db);
}
