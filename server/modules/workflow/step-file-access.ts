import { registerAttachmentHolder } from '../attachments';
import { ApiError } from '../../lib/http';
import { STEP_FILES_REF_TYPE } from '../../../src/contract/workflow';
import { assertVisible } from './lists';
import './schema';

/**
 * The files of an application's steps open for whoever may see the application (its applicant,
 * its approvers and copy-to users, a workflow administrator of its campus), whatever campus the
 * uploader works in: an approver at the head office opens the applicant's photo. Anyone who may
 * not see the application is told the files do not exist, as the campus rule says.
 */
registerAttachmentHolder(STEP_FILES_REF_TYPE, async (db, p, instanceId, ids) => {
  const inst = await db.selectFrom('wf_instance').select(['id', 'applicant_id', 'school_id']).where('id', '=', instanceId).executeTakeFirst();
  if (!inst) return false;
  try {
    await assertVisible(db, p, inst);
  } catch (err) {
    if (err instanceof ApiError) return false;
    throw err;
  }
  const steps = await db.selectFrom('wf_step').select('attachments').where('instance_id', '=', instanceId).where('attachments', 'is not', null).execute();
  const held = new Set<number>();
  for (const s of steps) for (const id of idsOf(s.attachments)) held.add(id);
  return ids.every((id) => held.has(id));
});

function idsOf(text: string | null): number[] {
  try {
    const list: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}
