import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../../lib/context';
import { ApiError, notFound } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { inScope } from '../../lib/scope';
import { countOf, likeInsensitive, likePattern } from '../../db/dialect';
import { listOrder } from '../../lib/list-order';
import {
  allDefineCall,
  createInstanceCall,
  defineCreateCall,
  defineListCall,
  defineSaveCall,
  designerCall,
  getStepNameCall,
  instanceModifyFormDataCall,
  instanceStepCurrentCall,
  interruptCall,
  newstepCall,
  prerunCall,
  recallCall,
  resubmitCall,
  repairCall,
  runCall,
  updateInstanceFormCall,
  updateStepNameCall,
  updateStepsNameCall,
  wfDefineFormCall,
  wfDefinesTagCall,
  wfInstanceListCall,
} from '../../../src/contract/workflow';
import { allNodes } from '../../../src/contract/workflow-tree';
import { addSigner, editFormByApplicant, editFormByApprover, interruptInstance, previewPath, recallInstance, repairInstance, resubmitInstance, runTask, startInstance, type Actor } from './engine';
import { createDefine, defineRow, loadDefine, loadVersion, nodeName, renameSteps, saveDefine } from './defines';
import { instanceDetail, instancePage, isWfAdmin } from './lists';
import type { Principal } from '../../lib/context';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { checkForm } from './form';

function actorOf(p: Principal): Actor {
  return { userId: p.userId, admin: isWfAdmin(p), inScope: (schoolId) => inScope(p, schoolId) };
}

/**
 * The campus an application belongs to: the one asked for (within the caller's campuses), else the
 * caller's only campus; staff of several campuses must choose.
 */
function campusOf(p: Principal, asked: number | undefined): number | null {
  if (asked !== undefined) {
    if (!inScope(p, asked)) throw new ApiError(404, '校区不存在或无权访问');
    return asked;
  }
  if (p.schoolIds.length === 1) return p.schoolIds[0];
  if (p.schoolIds.length === 0) return null;
  throw new ApiError(400, '请选择校区');
}

/** An instance an administrator acts on must be within their campuses. */
async function assertAdminScope(db: Kysely<Database>, p: Principal, instanceId: number): Promise<void> {
  const inst = await db.selectFrom('wf_instance').select(['school_id']).where('id', '=', instanceId).executeTakeFirst();
  if (!inst || !inScope(p, inst.school_id)) throw notFound();
}

export function registerRoutes(app: Hono<AppEnv>): void {
  // ---- instances -----------------------------------------------------------------------------
  mountCall(app, wfInstanceListCall, ({ db, principal, query }) => instancePage(db, principal, query));
  mountCall(app, instanceStepCurrentCall, ({ db, principal, query }) => instanceDetail(db, principal, query.instance_id));

  mountCall(app, prerunCall, async ({ db, principal, body }) => {
    const def = await loadDefine(db, { defineKey: body.define_key, defineId: body.define_id, tag: body.tag });
    const form = checkForm(def.form, body.form);
    return { path: await previewPath(db, def, form, { applicantId: principal.userId, schoolId: campusOf(principal, body.school_id) }) };
  });

  mountCall(app, createInstanceCall, async ({ db, principal, body }) => {
    const r = await startInstance(db, {
      defineKey: body.define_key,
      defineId: body.define_id,
      tag: body.tag,
      schoolId: campusOf(principal, body.school_id),
      form: body.form,
      applicantId: principal.userId,
      title: body.title,
      attachments: body.attachments,
    });
    return { instance_id: r.instanceId, state: r.state };
  });

  mountCall(app, runCall, async ({ db, principal, body }) => {
    const r = await runTask(db, actorOf(principal), { taskId: body.task_id, action: body.action, comment: body.comment, attachments: body.attachments, backNodeId: body.back_node_id });
    return { instance_id: r.instanceId, state: r.state };
  });

  mountCall(app, newstepCall, async ({ db, principal, body }) => {
    const r = await addSigner(db, actorOf(principal), { taskId: body.task_id, userId: body.user_id, comment: body.comment });
    return { task_id: r.taskId };
  });

  mountCall(app, recallCall, async ({ db, principal, body }) => {
    const r = await recallInstance(db, actorOf(principal), { instanceId: body.instance_id, comment: body.comment });
    return { instance_id: r.instanceId, state: r.state };
  });

  mountCall(app, resubmitCall, async ({ db, principal, body }) => {
    const r = await resubmitInstance(db, actorOf(principal), { instanceId: body.instance_id, form: body.form, comment: body.comment, attachments: body.attachments });
    return { instance_id: r.instanceId, state: r.state };
  });

  mountCall(app, interruptCall, async ({ db, principal, body }) => {
    await assertAdminScope(db, principal, body.instance_id);
    const r = await interruptInstance(db, actorOf(principal), { instanceId: body.instance_id, comment: body.comment });
    return { instance_id: r.instanceId, state: r.state };
  });

  mountCall(app, repairCall, async ({ db, principal, body }) => {
    await assertAdminScope(db, principal, body.instance_id);
    const r = await repairInstance(db, actorOf(principal), { instanceId: body.instance_id, taskId: body.task_id, userId: body.user_id, nodeId: body.node_id, comment: body.comment });
    return { instance_id: r.instanceId, state: r.state };
  });

  mountCall(app, updateInstanceFormCall, async ({ db, principal, body }) => ({
    diff: await editFormByApplicant(db, actorOf(principal), { instanceId: body.instance_id, form: body.form, comment: body.comment }),
  }));

  mountCall(app, instanceModifyFormDataCall, async ({ db, principal, body }) => ({
    diff: await editFormByApprover(db, actorOf(principal), { taskId: body.task_id, form: body.form, comment: body.comment }),
  }));

  // ---- definitions ---------------------------------------------------------------------------
  mountCall(app, wfDefinesTagCall, async ({ db, query }) => {
    let qb = db.selectFrom('wf_define').selectAll().where('del_flag', '=', 0).where('state', '=', 1);
    if (query.tag) qb = qb.where('tag', '=', query.tag);
    return (await qb.orderBy('id').execute()).map(defineRow);
  });

  mountCall(app, wfDefineFormCall, async ({ db, query }) => {
    const def = await loadDefine(db, { defineKey: query.define_key, defineId: query.define_id, tag: query.tag });
    return { define: defineRow(def.row), form: def.form };
  });

  mountCall(app, designerCall, async ({ db, query }) => {
    const def = await loadDefine(db, { defineId: query.define_id }, { anyState: true });
    let { tree, form } = def;
    if (query.version && query.version !== def.version) {
      const v = await db.selectFrom('wf_define_version').select('id').where('define_id', '=', def.row.id).where('version', '=', query.version).executeTakeFirst();
      if (!v) throw new ApiError(404, '流程版本不存在');
      ({ tree, form } = await loadVersion(db, v.id));
    }
    const versions = await db
      .selectFrom('wf_define_version as v')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .select(['v.id', 'v.version', 'v.created_at', 'u.name as created_by_name'])
      .select((eb) => eb.selectFrom('wf_instance').select(({ fn }) => fn.countAll<number>().as('n')).whereRef('wf_instance.version_id', '=', 'v.id').as('instances'))
      .where('v.define_id', '=', def.row.id)
      .orderBy('v.version', 'desc')
      .execute();
    return { ...defineRow(def.row), tree, form, step_names: def.stepNames, versions: versions.map((v) => ({ ...v, instances: Number(v.instances ?? 0) })) };
  });

  mountCall(app, defineCreateCall, ({ db, principal, body }) => createDefine(db, principal.userId, body));
  mountCall(app, defineSaveCall, ({ db, principal, body }) => saveDefine(db, principal.userId, body.id, body));

  mountCall(app, defineListCall, async ({ db, query }) => {
    let qb = db.selectFrom('wf_define').where('del_flag', '=', 0);
    if (query.name) qb = qb.where(likeInsensitive(sql.ref('name'), likePattern(query.name)));
    if (query.tag) qb = qb.where('tag', '=', query.tag);
    if (query.state !== undefined) qb = qb.where('state', '=', query.state);
    const totalSize = await countOf(qb.select('id'));
    let sorted = qb.selectAll();
    for (const [ref, dir] of listOrder(query.sort, { id: 'id', name: 'name', tag: 'tag', updated_at: 'updated_at', version: 'version' }, [['id', 'asc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
    const rows = await sorted
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    return { content: rows.map(defineRow), totalSize };
  });

  mountCall(app, allDefineCall, async ({ db }) => (await db.selectFrom('wf_define').selectAll().where('del_flag', '=', 0).where('state', '=', 1).orderBy('id').execute()).map(defineRow));

  mountCall(app, getStepNameCall, async ({ db, query }) => {
    const def = await loadDefine(db, { defineId: query.define_id }, { anyState: true });
    return allNodes(def.tree)
      .filter((n) => n.type !== 'branch')
      .map((n) => ({ node_id: n.id, type: n.type, name: nodeName(def, n), default_name: n.name }));
  });

  mountCall(app, updateStepNameCall, async ({ db, principal, body }) => ({ count: await renameSteps(db, principal.userId, body.define_id, [{ node_id: body.node_id, name: body.name }]) }));
  mountCall(app, updateStepsNameCall, async ({ db, principal, body }) => ({ count: await renameSteps(db, principal.userId, body.define_id, body.steps) }));
}
