import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import type { StepFile } from '../../../src/contract/workflow';
import { attachmentRecords } from '../attachments';

/**
 * Files on applications and approval steps. They are uploaded by the attachments area
 * (sys_attachment/upload) and linked here by id: a step names only files its own user uploaded,
 * so the timeline's "who" is also who uploaded them, and nobody can pass off another's file.
 */
export async function ownAttachments(db: Kysely<Database>, userId: number, ids: readonly number[] | undefined): Promise<number[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  const records = await attachmentRecords(db, unique);
  const mine = new Set(records.filter((r) => r.uploaded_by === userId).map((r) => r.id));
  if (unique.some((id) => !mine.has(id))) throw new ApiError(400, '附件不存在或不是本人上传的文件，请重新上传');
  return unique;
}

/** The file records of steps, by step id (files deleted since are left out). */
export async function filesOfSteps(db: Kysely<Database>, steps: readonly { id: number; attachments: readonly number[] }[]): Promise<Map<number, StepFile[]>> {
  const records = new Map((await attachmentRecords(db, steps.flatMap((s) => s.attachments))).map((r) => [r.id, { id: r.id, name: r.name, ext: r.ext, size: r.size }]));
  return new Map(steps.map((s) => [s.id, s.attachments.flatMap((id) => records.get(id) ?? [])]));
}
