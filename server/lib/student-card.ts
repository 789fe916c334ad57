import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { serverSecret } from './server-secret';

/**
 * The text of a student's check-in card QR code: `CD1.<student id>.<signature>`, signed by the
 * server (HMAC-SHA256, 96 bits kept), so a card cannot be made up for another student. The front
 * desk compares a scanned code with the cards of the roster it last loaded (today_roster answers
 * each student's card), which needs no key on the tablet and works offline.
 */
export async function studentCardToken(db: Kysely<Database>, studentId: number): Promise<string> {
  const key = await serverSecret(db, 'student_card');
  const sig = createHmac('sha256', key).update(`student:${studentId}`).digest('base64url').slice(0, 16);
  return `CD1.${studentId}.${sig}`;
}
