/** The first message of each field among a schema's issues (a form shows one message under each input). */
export function firstIssuePerField<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const i of issues) {
    const k = i.path[0] as F;
    if (!out[k]) out[k] = i.message;
  }
  return out;
}
