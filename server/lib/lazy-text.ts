/**
 * A text a message may need, given as is or as the read that makes it: a refusal names the student,
 * a success names nobody, so a hot path (a check-in) passes the read and pays for it only on refusal.
 */
export type LazyText = string | (() => Promise<string>);

export function textOf(text: LazyText): Promise<string> {
  return typeof text === 'string' ? Promise.resolve(text) : text();
}
