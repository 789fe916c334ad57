import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id (Algorithm.Argon2id = 2; a const enum, not importable under isolatedModules),
// 19 MiB memory, 2 passes, 1 lane: OWASP's minimum recommendation.
const OPTIONS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// A real hash, verified against when the account does not exist, so a missing account costs the same time.
let dummy: Promise<string> | undefined;
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hashPassword('campus-desk-no-such-user');
  await verifyPassword(await dummy, password);
}
