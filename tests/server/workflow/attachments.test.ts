import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type Answer, type LoggedIn, type TestServer } from '../helpers';
import type { DefineRow, InstanceDetail } from '../../../src/contract/workflow';

/**
 * Files on applications and approval steps (issue 13): uploaded through sys_attachment/upload,
 * linked by id on create_instance (the 提交 step) and on run (the approver's step), shown in the
 * timeline with the step's user as the uploader. Another user's file, or one that does not
 * exist, is refused and nothing is written.
 */

let s: TestServer;
const who: Record<string, LoggedIn> = {};
let school = 0;
let finance = 0;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  s = await createTestServer();
  who.admin = await s.login(ADMIN.login, ADMIN.password);
  for (const u of ['sales', 'finance', 'teacher', 'front_desk']) who[u] = await s.login(u, DEMO_PASSWORD);
  school = (await s.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id;
  finance = (await s.db.selectFrom('users').select('id').where('login_id', '=', 'finance').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await s?.close();
});

async function upload(user: string, name: string): Promise<number> {
  const b = '----wfatt';
  const body = Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${b}--\r\n`)]);
  const res = await s.app.fetch(new Request('http://localhost/api/v1/sys_attachment/upload', { method: 'POST', headers: { ...who[user].headers, 'content-type': `multipart/form-data; boundary=${b}` }, body }));
  const env = (await res.json()) as { code: number; data: number };
  expect(env.code).toBe(200);
  return env.data;
}

function call<T>(user: string, method: 'GET' | 'POST', path: string, payload: Record<string, unknown>): Promise<Answer<T>> {
  return method === 'GET' ? s.call<T>('GET', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, query: payload as Record<string, string | number> }) : s.call<T>('POST', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, json: payload });
}

async function definition(approverId = finance): Promise<DefineRow> {
  const key = `att_${Date.now() % 100000}_${approverId}`;
  const created = (await call<DefineRow>('admin', 'POST', 'define_create', { define_key: key, name: '附件测试流程', tag: key })).body.data;
  const tree = { id: 'start', name: '发起人', type: 'start', child: { id: 'fin', name: '财务审批', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [approverId] } } };
  const saved = await call<DefineRow>('admin', 'POST', 'define_save', { id: created.id, name: created.name, tag: key, tree, form: [{ name: 'reason', label: '事由', type: 'text', required: true }] });
  expect(saved.body.code).toBe(200);
  return saved.body.data;
}

describe('attachments on applications and approval steps', () => {
  it('are linked by their uploader, shown on the step with who uploaded them, and refused otherwise', async () => {
    const def = await definition();
    const mine = await upload('sales', '报修照片.png');
    const others = await upload('teacher', '别人的文件.png');
    const count = async () => Number((await s.db.selectFrom('wf_instance').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();

    // another user's file and a file that does not exist: refused, nothing started
    for (const ids of [[others], [mine, 99_999_999]]) {
      const r = await call('sales', 'POST', 'create_instance', { define_key: def.define_key, school_id: school, form: { reason: '测试' }, attachments: ids });
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toBe('附件不存在或不是本人上传的文件，请重新上传');
    }
    expect(await count()).toBe(before);

    const started = await call<{ instance_id: number }>('sales', 'POST', 'create_instance', { define_key: def.define_key, school_id: school, form: { reason: '投影仪故障' }, attachments: [mine] });
    expect(started.body.code).toBe(200);
    const id = started.body.data.instance_id;
    const d1 = (await call<InstanceDetail>('finance', 'GET', 'instance_step_current', { instance_id: id })).body.data;
    const submit = d1.steps.find((x) => x.action === 'submit');
    expect(submit?.files).toEqual([{ id: mine, name: '报修照片.png', ext: 'png', size: PNG.length }]);
    expect(submit?.user_name).toBeTruthy();

    // the approver may not attach the applicant's file as theirs; their own is shown on their step
    const taskId = d1.my_task?.id as number;
    const wrong = await call('finance', 'POST', 'run', { task_id: taskId, action: 'approve', attachments: [mine] });
    expect(wrong.body.code).toBe(400);
    const pending = await s.db.selectFrom('wf_task').select('state').where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(pending.state).toBe(0);
    const receipt = await upload('finance', '维修发票.png');
    const ran = await call<{ state: number }>('finance', 'POST', 'run', { task_id: taskId, action: 'approve', comment: '附发票', attachments: [receipt] });
    expect(ran.body.code).toBe(200);
    expect(ran.body.data.state).toBe(2);
    const d2 = (await call<InstanceDetail>('sales', 'GET', 'instance_step_current', { instance_id: id })).body.data;
    const approve = d2.steps.find((x) => x.action === 'approve');
    expect(approve?.user_id).toBe(finance);
    expect(approve?.files.map((f) => f.name)).toEqual(['维修发票.png']);
    expect(d2.steps.find((x) => x.action === 'submit')?.files.map((f) => f.id)).toEqual([mine]);
  });

  it('sign a file of another campus for whoever may see the application it is on, and for nobody else', async () => {
    // the approver (老师, 上海浦东) and the applicant (课程顾问, 北京朝阳) share no campus
    const teacher = (await s.db.selectFrom('users').select('id').where('login_id', '=', 'teacher').executeTakeFirstOrThrow()).id;
    const def = await definition(teacher);
    const photo = await upload('sales', '教室照片.png');
    const stray = await upload('sales', '无关文件.png');
    const started = await call<{ instance_id: number }>('sales', 'POST', 'create_instance', { define_key: def.define_key, school_id: school, form: { reason: '空调漏水' }, attachments: [photo] });
    expect(started.body.code).toBe(200);
    const id = started.body.data.instance_id;
    const sign = (user: string, ids: number[], ref?: number) => s.call<{ id: number; url: string }[]>('GET', '/api/v1/sys_attachment/sign', { headers: who[user].headers, query: { id: ids.join(','), ...(ref === undefined ? {} : { ref_type: 'wf_instance', ref_id: ref }) } });

    // the campus rule alone hides it from the approver
    expect((await sign('teacher', [photo])).body.code).toBe(404);
    const signed = await sign('teacher', [photo], id);
    expect(signed.body.code).toBe(200);
    const file = await s.app.fetch(new Request(`http://localhost/${signed.body.data[0].url}`));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    // not through an application that does not hold the file, nor one the caller may not see
    expect((await sign('teacher', [stray], id)).body.code).toBe(404);
    expect((await sign('teacher', [photo, stray], id)).body.code).toBe(404);
    expect((await sign('front_desk', [photo], id)).body.code).toBe(404);
    expect((await sign('teacher', [photo], 99_999_999)).body.code).toBe(404);
    expect((await sign('teacher', [photo], id + 0.5)).body.code).toBe(400);

    // the approver's own file on their step opens for the applicant the same way
    const receipt = await upload('teacher', '维修单.png');
    const d = (await call<InstanceDetail>('teacher', 'GET', 'instance_step_current', { instance_id: id })).body.data;
    expect((await call('teacher', 'POST', 'run', { task_id: d.my_task?.id, action: 'approve', attachments: [receipt] })).body.code).toBe(200);
    expect((await sign('sales', [receipt])).body.code).toBe(404);
    expect((await sign('sales', [receipt], id)).body.code).toBe(200);
  });
});
