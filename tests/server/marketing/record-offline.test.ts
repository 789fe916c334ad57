import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { OUTBOX_AGE_HEADER } from '../../../src/contract/call';
import { nowText } from '../../../server/lib/time';
import { api, insertLead, ok, schoolId, userId } from './funnel-fixtures';
import '../../../server/modules/marketing/schema';

/**
 * A follow-up written on a phone offline (mkt_record/add through the outbox, recordAddCall): the
 * replay with the same Idempotency-Key is one record, the record keeps the time it was written,
 * and a follow-up that arrives late does not move the lead's last and next follow-up back. A visit
 * noted offline (mkt_student_visit/add, visitAddCall) replayed is one visit, answering one invitation.
 */
let s: TestServer;
let tmk: LoggedIn;
let bj: number;
let tmkId: number;
let sales: LoggedIn;
let salesId: number;

beforeAll(async () => {
  s = await createTestServer();
  tmk = await s.login('telemarketer', DEMO_PASSWORD);
  bj = await schoolId(s, 'BJ-CY');
  tmkId = await userId(s, 'telemarketer');
  sales = await s.login('sales', DEMO_PASSWORD);
  salesId = await userId(s, 'sales');
}, 300_000);

afterAll(async () => s?.close());

function send(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return s.call<{ id: number; follow_at: string }>('POST', api('mkt_record/add'), { headers: { ...tmk.headers, ...headers }, json: body });
}

async function recordsOf(lead: number) {
  return s.db.selectFrom('mkt_record').selectAll().where('resource_id', '=', lead).orderBy('id').execute();
}

describe('mkt_record/add from the outbox', () => {
  it('sent twice with one Idempotency-Key writes one record and counts one follow-up', async () => {
    const lead = await insertLead(s.db, { school_id: bj, tmk_id: tmkId });
    const body = { resource_id: lead, result: 1, way: 1, content: '离线写的跟进' };
    const key = `mkt-${Date.now()}-${lead}`;
    const first = await ok(send(body, { 'Idempotency-Key': key }));
    const again = await ok(send(body, { 'Idempotency-Key': key }));
    expect(again.id).toBe(first.id);
    expect(await recordsOf(lead)).toHaveLength(1);
    const row = await s.db.selectFrom('mkt_resource').select(['follow_count', 'called_at']).where('id', '=', lead).executeTakeFirstOrThrow();
    expect(row.follow_count).toBe(1);
    expect(row.called_at).not.toBeNull();
  });

  it('keeps the time it was written (the outbox age), bounded to a week back', async () => {
    const lead = await insertLead(s.db, { school_id: bj, tmk_id: tmkId });
    const before = nowText(Date.now() - 2 * 3_600_000 - 5_000);
    const after = nowText(Date.now() - 2 * 3_600_000 + 60_000);
    await ok(send({ resource_id: lead, result: 2, content: '两小时前写的' }, { [OUTBOX_AGE_HEADER]: String(2 * 3_600_000) }));
    const [rec] = await recordsOf(lead);
    const at = String(rec.follow_at);
    expect(at >= before && at <= after, at).toBe(true);
    const stamped = await s.db.selectFrom('mkt_resource').select(['last_follow_at', 'called_at']).where('id', '=', lead).executeTakeFirstOrThrow();
    expect(stamped.last_follow_at).toBe(rec.follow_at);
    expect(stamped.called_at).toBe(rec.follow_at);

    await ok(send({ resource_id: lead, result: 2, content: '一个月前写的' }, { [OUTBOX_AGE_HEADER]: String(30 * 86_400_000) }));
    const old = (await recordsOf(lead))[1];
    expect(String(old.follow_at) >= nowText(Date.now() - 7 * 86_400_000 - 60_000)).toBe(true);
  });

  it('a late follow-up does not move the lead’s last and next follow-up back', async () => {
    const lead = await insertLead(s.db, { school_id: bj, tmk_id: tmkId });
    const next = nowText(Date.now() + 3 * 86_400_000).slice(0, 16);
    await ok(send({ resource_id: lead, result: 2, content: '刚刚在线写的', next_follow_at: next }));
    const fresh = await s.db.selectFrom('mkt_resource').select(['last_follow_at', 'next_follow_at']).where('id', '=', lead).executeTakeFirstOrThrow();
    await ok(send({ resource_id: lead, result: 4, content: '昨天离线写的' }, { [OUTBOX_AGE_HEADER]: String(86_400_000) }));
    const row = await s.db.selectFrom('mkt_resource').select(['last_follow_at', 'next_follow_at', 'follow_count']).where('id', '=', lead).executeTakeFirstOrThrow();
    expect(row.last_follow_at).toBe(fresh.last_follow_at);
    expect(row.next_follow_at).toBe(fresh.next_follow_at);
    expect(String(row.next_follow_at).slice(0, 16)).toBe(next);
    expect(row.follow_count).toBe(2);
  });

  it('refuses a next follow-up before the follow-up naming the field, writing nothing', async () => {
    const lead = await insertLead(s.db, { school_id: bj, tmk_id: tmkId });
    const res = await send({ resource_id: lead, result: 1, content: '跟进', next_follow_at: nowText(Date.now() - 3_600_000).slice(0, 16) });
    expect(res.body).toMatchObject({ code: 400, msg: '下次跟进时间不能早于跟进时间' });
    expect(await recordsOf(lead)).toHaveLength(0);
  });
});

describe('mkt_student_visit/add from the outbox', () => {
  const visit = (body: Record<string, unknown>, key: string) =>
    s.call<{ id: number; invite_visit_id: number | null }>('POST', api('mkt_student_visit/add'), { headers: { ...sales.headers, 'Idempotency-Key': key }, json: body });
  const visitsOf = (lead: number) => s.db.selectFrom('mkt_student_visit').select(['id', 'invite_visit_id', 'content']).where('resource_id', '=', lead).orderBy('id').execute();
  const invitesOf = (lead: number) => s.db.selectFrom('mkt_invite_visit').select(['id', 'state']).where('resource_id', '=', lead).orderBy('id').execute();

  it('sent twice with one Idempotency-Key writes one visit that answers one invitation', async () => {
    const lead = await insertLead(s.db, { school_id: bj, tmk_id: tmkId, seller_id: salesId, pool: 3 });
    // two open invitations: a visit written twice would answer both
    for (const time of ['10:00', '11:00']) await ok(s.call('POST', api('mkt_invite_visit/add'), { headers: tmk.headers, json: { resource_id: lead, visit_time: `${nowText().slice(0, 10)} ${time}:00` } }));
    const body = { resource_id: lead, visit_time: nowText().slice(0, 16), result: 1, content: '离线登记的到访' };
    const key = `visit-${Date.now()}-${lead}`;
    const first = await ok(visit(body, key));
    const again = await ok(visit(body, key));
    expect(again.id).toBe(first.id);
    const rows = await visitsOf(lead);
    expect(rows).toHaveLength(1);
    const invites = await invitesOf(lead);
    expect(rows[0]!.invite_visit_id).toBe(invites[0]!.id);
    expect(invites.map((i) => i.state)).toEqual([2, 1]);

    // another visit (its own key) is a second row and answers the next invitation
    await ok(visit({ ...body, content: '第二次到访' }, `${key}-2`));
    expect((await visitsOf(lead)).map((v) => v.content)).toEqual(['离线登记的到访', '第二次到访']);
    expect((await invitesOf(lead)).map((i) => i.state)).toEqual([2, 2]);
  });
});
