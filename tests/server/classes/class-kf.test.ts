import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClass, addTeacher, ok, setupWorld, type World } from './fixture';

/** 班级客服 is written by the class dialog (add/update) and checked: staff of the class's campus. */
let w: World;

beforeAll(async () => {
  w = await setupWorld();
});

afterAll(async () => {
  await w?.server.close();
});

const kfOf = async (id: number) => (await w.server.db.selectFrom('base_class_manage').select('kf_id').where('id', '=', id).executeTakeFirstOrThrow()).kf_id;

describe('班级客服', () => {
  it('is set on add and changed on update to staff of the class campus', async () => {
    const kf = await addTeacher(w.server, '客服小周', [w.bj]);
    const h = w.admin.headers;
    const added = await ok(
      w.server.call<{ id: number; kf_id: number }>('POST', '/api/v1/base_class_manage/add', {
        headers: h,
        json: { school_id: w.bj, name: '客服一班', class_type_id: w.classTypeId, capacity: 20, kf_id: kf },
      }),
    );
    expect(added.kf_id).toBe(kf);
    expect(await kfOf(added.id)).toBe(kf);
    const other = await addTeacher(w.server, '客服小吴', [w.bj, w.gz]);
    await ok(w.server.call('POST', '/api/v1/base_class_manage/update', { headers: h, json: { id: added.id, kf_id: other } }));
    expect(await kfOf(added.id)).toBe(other);
    // cleared
    await ok(w.server.call('POST', '/api/v1/base_class_manage/update', { headers: h, json: { id: added.id, kf_id: null } }));
    expect(await kfOf(added.id)).toBeNull();
  });

  it('refuses staff of another campus and users that do not exist, in Chinese', async () => {
    const cls = await addClass(w);
    const gzOnly = await addTeacher(w.server, '广州客服', [w.gz]);
    const h = w.admin.headers;
    const wrongCampus = await w.server.call('POST', '/api/v1/base_class_manage/update', { headers: h, json: { id: cls, kf_id: gzOnly } });
    expect(wrongCampus.body).toMatchObject({ code: 400, msg: '班级客服不在该班级所在校区' });
    const missing = await w.server.call('POST', '/api/v1/base_class_manage/add', {
      headers: h,
      json: { school_id: w.bj, name: '客服二班', class_type_id: w.classTypeId, capacity: 20, kf_id: 99999999 },
    });
    expect(missing.body).toMatchObject({ code: 404, msg: '班级客服不存在或无权访问' });
    expect((await w.server.call('POST', '/api/v1/base_class_manage/update_kf', { headers: h, json: { id: cls, kf_id: gzOnly } })).body.msg).toBe('班级客服不在该班级所在校区');
    expect((await w.server.call('POST', '/api/v1/base_class_manage/update_kfs', { headers: h, json: { ids: [cls], kf_id: gzOnly } })).body.msg).toBe('班级客服不在该班级所在校区');
    expect(await kfOf(cls)).toBeNull();
  });
});
