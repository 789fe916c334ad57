/** 状态 of a user as the user list shows it (and its export writes it). */
export function userStateText(state: unknown, locked: unknown): string {
  return Number(state) === 1 ? (locked ? '已锁定' : '启用') : '停用';
}
