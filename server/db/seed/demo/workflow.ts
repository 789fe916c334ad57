import type { Kysely } from 'kysely';
import { nowText } from '../../../lib/time';
import type { Database } from '../../schema';
import { createDefine, createInstance, demoAddSigner, demoRun, demoRecall, moveStock } from '../../../modules/workflow';
import { WF_APPLICATIONS } from '../../../../src/contract/workflow-apps';
import { APPLICATION_GRANTS } from '../../../../src/contract/menus/workflow';
import type { FormField, WfNode } from '../../../../src/contract/workflow-tree';

/**
 * Demo approvals: a definition for every application screen (and for freezes and campus
 * transfers, which the students area starts), and instances by the demo users in every state:
 * waiting for the principal, for finance, in the administrators' queue, approved, refused, recalled.
 * Runs after the users and campuses exist, once, on the first start of a demo database.
 */
export const order = 60;

const reason: FormField = { name: 'reason', label: '申请事由', type: 'textarea', required: true };
const student: FormField = { name: 'student_name', label: '学员姓名', type: 'text', required: true };
/** The applicant, then the campus principal, then `then` (if any). */
const principalOnly = (name = '校长审批', then?: WfNode): WfNode => ({ id: 'start', name: '发起人', type: 'start', child: { id: 'principal', name, type: 'approver', mode: 'any', rule: { kind: 'principal' }, child: then } });

interface DefSeed {
  key: string;
  name: string;
  tag: string;
  refType?: string;
  form: FormField[];
  tree: (ids: Ids) => WfNode;
  remark?: string;
}

interface Ids {
  admin: number;
  finance: number;
  principal: number;
}

const target = (unit: string): FormField[] => [
  { name: 'period', label: '计划月份', type: 'text', required: true },
  { name: 'target', label: `目标（${unit}）`, type: 'number', required: true },
  { name: 'budget', label: '预算（元）', type: 'money' },
  { name: 'remark', label: '计划说明', type: 'textarea' },
];

const DEFINITIONS: readonly DefSeed[] = [
  {
    key: 'sale_refund',
    name: '退费申请',
    tag: 'refund',
    remark: '5000 元以上由财务复核',
    form: [
      student,
      { name: 'order_no', label: '订单编号', type: 'text', required: true },
      { name: 'class_type', label: '班型', type: 'text' },
      { name: 'amount', label: '退费金额（元）', type: 'money', required: true },
      { name: 'refund_reason', label: '退费原因', type: 'select', required: true, options: ['搬家转学', '时间冲突', '课程不满意', '身体原因', '其他'] },
      { name: 'remark', label: '补充说明', type: 'textarea' },
    ],
    tree: (ids) => ({
      id: 'start',
      name: '发起人',
      type: 'start',
      child: {
        id: 'principal',
        name: '校长审批',
        type: 'approver',
        mode: 'any',
        rule: { kind: 'principal' },
        fields: { amount: 'edit', remark: 'edit' },
        child: {
          id: 'amount_branch',
          name: '金额判断',
          type: 'branch',
          branches: [
            { id: 'big', name: '金额大于 5000 元', conditions: [{ field: 'amount', op: 'gt', value: '5000' }], child: { id: 'finance', name: '财务复核', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [ids.finance] } } },
            { id: 'small', name: '其他情况', conditions: [] },
          ],
          child: { id: 'cc_finance', name: '抄送财务', type: 'copy', rule: { kind: 'user', user_ids: [ids.finance] } },
        },
      },
    }),
  },
  { key: 'tb_sale_refund', name: '淘宝订单退费', tag: 'tb_refund', form: [student, { name: 'tb_order_no', label: '淘宝订单号', type: 'text', required: true }, { name: 'amount', label: '退费金额（元）', type: 'money', required: true }, reason], tree: (ids) => principalOnly('校长审批', { id: 'finance', name: '财务审批', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [ids.finance] } }) },
  { key: 'sale_account_refund', name: '账户余额退费', tag: 'account_refund', form: [student, { name: 'amount', label: '退还余额（元）', type: 'money', required: true }, { name: 'bank_account', label: '收款账户', type: 'text', required: true }, reason], tree: (ids) => principalOnly('校长审批', { id: 'finance', name: '财务审批', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [ids.finance] } }) },
  {
    key: 'student_freeze',
    name: '学员冻结申请',
    tag: 'freeze',
    refType: 'stu_freeze',
    form: [student, { name: 'start_date', label: '冻结开始', type: 'date', required: true }, { name: 'end_date', label: '冻结结束', type: 'date', required: true }, reason],
    tree: () => principalOnly(),
  },
  {
    key: 'campus_transfer',
    name: '转校区申请',
    tag: 'campus_transfer',
    form: [student, { name: 'target_school', label: '转入校区', type: 'text', required: true }, reason],
    tree: (ids) => ({ id: 'start', name: '发起人', type: 'start', child: { id: 'out', name: '转出校区校长', type: 'approver', mode: 'any', rule: { kind: 'principal' }, child: { id: 'hq', name: '总部审批', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [ids.admin] } } } }),
  },
  { key: 'student_tel_change', name: '学员手机号变更', tag: 'phone_change', form: [student, { name: 'old_phone', label: '原手机号', type: 'text', required: true }, { name: 'new_phone', label: '新手机号', type: 'text', required: true }, reason], tree: () => ({ id: 'start', name: '发起人', type: 'start', child: { id: 'superior', name: '直属上级审批', type: 'approver', mode: 'any', rule: { kind: 'superior' } } }) },
  // the students area files a stop apply (student_stop_apply) when one starts and stops the student on approval
  {
    key: 'student_stop_class',
    name: '学员停课申请',
    tag: 'stop_class',
    form: [student, { name: 'class_name', label: '班级', type: 'text' }, { name: 'stop_date', label: '停课日期', type: 'date', required: true }, { name: 'days', label: '停课天数', type: 'number', required: true }, reason],
    tree: () => principalOnly(),
  },
  // 余额调整 (finance modify_balance, ref_type fin_balance_adjust): finance asks, the campus principal
  // approves (the second person; the applicant may not approve their own, server/modules/finance/adjust.ts);
  // the correction is posted to the account ledger on that approval
  {
    key: 'balance_adjust',
    name: '余额调整',
    tag: 'balance_adjust',
    refType: 'fin_balance_adjust',
    remark: '储值余额的调增或调减，财务申请、校长审批后入账',
    form: [{ name: 'student', label: '学员', type: 'text', required: true }, { name: 'amount', label: '调整金额（分，负数为调减）', type: 'number', required: true }, { name: 'reason', label: '调整原因', type: 'textarea', required: true }],
    tree: () => principalOnly('校长审批'),
  },
  { key: 'attendance_cancellation', name: '考勤撤销申请', tag: 'attendance_cancel', form: [{ name: 'lesson_date', label: '上课日期', type: 'date', required: true }, { name: 'class_name', label: '班级', type: 'text', required: true }, student, reason], tree: () => principalOnly() },
  {
    key: 'repair',
    name: '报修申请',
    tag: 'repair',
    form: [
      { name: 'location', label: '报修位置', type: 'text', required: true },
      { name: 'item', label: '报修物品', type: 'text', required: true },
      { name: 'urgency', label: '紧急程度', type: 'select', required: true, options: ['一般', '紧急', '非常紧急'] },
      { name: 'description', label: '问题描述', type: 'textarea', required: true },
    ],
    tree: (ids) => ({ id: 'start', name: '发起人', type: 'start', child: { id: 'principal', name: '校长确认', type: 'approver', mode: 'any', rule: { kind: 'principal' }, child: { id: 'cc_admin', name: '抄送行政', type: 'copy', rule: { kind: 'user', user_ids: [ids.admin] } } } }),
  },
  {
    key: 'asset_purchase',
    name: '资产申购',
    tag: 'asset_purchase',
    remark: '一万元以上需总部审批',
    form: [
      { name: 'item', label: '物品名称', type: 'text', required: true },
      { name: 'quantity', label: '数量', type: 'number', required: true },
      { name: 'budget', label: '预算金额（元）', type: 'money', required: true },
      reason,
    ],
    tree: (ids) => ({
      id: 'start',
      name: '发起人',
      type: 'start',
      child: {
        id: 'budget_branch',
        name: '预算判断',
        type: 'branch',
        branches: [
          { id: 'large', name: '预算一万元及以上', conditions: [{ field: 'budget', op: 'gte', value: '10000' }], child: { id: 'hq', name: '总部与财务依次审批', type: 'approver', mode: 'seq', rule: { kind: 'user', user_ids: [ids.admin, ids.finance] } } },
          { id: 'normal', name: '其他情况', conditions: [], child: { id: 'principal', name: '校长审批', type: 'approver', mode: 'any', rule: { kind: 'principal' } } },
        ],
      },
    }),
  },
  { key: 'asset_stock_in', name: '资产入库', tag: 'asset_stock_in', form: [{ name: 'item', label: '物品名称', type: 'text', required: true }, { name: 'quantity', label: '入库数量', type: 'number', required: true }, { name: 'supplier', label: '供应商', type: 'text' }, reason], tree: () => principalOnly('校长确认入库') },
  { key: 'asset_requisition', name: '资产申领', tag: 'asset_requisition', form: [{ name: 'item', label: '物品名称', type: 'text', required: true }, { name: 'quantity', label: '申领数量', type: 'number', required: true }, reason], tree: () => principalOnly() },
  { key: 'asset_scrap', name: '资产报废', tag: 'asset_scrap', form: [{ name: 'item', label: '物品名称', type: 'text', required: true }, { name: 'quantity', label: '报废数量', type: 'number', required: true }, reason], tree: (ids) => principalOnly('校长审批', { id: 'hq', name: '总部审批', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [ids.admin] } }) },
  { key: 'campus_cs_plan', name: '校区客服计划', tag: 'campus_cs_plan', form: target('回访人次'), tree: () => principalOnly() },
  { key: 'campus_market_plan', name: '校区市场计划', tag: 'campus_market_plan', form: target('线索条'), tree: () => principalOnly() },
  { key: 'campus_network_plan', name: '校区网络计划', tag: 'campus_network_plan', form: target('线索条'), tree: () => principalOnly() },
  { key: 'campus_sales_plan', name: '校区销售计划', tag: 'campus_sales_plan', form: target('签约额（元）'), tree: () => principalOnly() },
  { key: 'city_network_plan', name: '城市网络计划', tag: 'city_network_plan', form: target('线索条'), tree: (ids) => ({ id: 'start', name: '发起人', type: 'start', child: { id: 'hq', name: '总部审批', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [ids.admin] } } }) },
  { key: 'head_network_plan', name: '总部网络计划', tag: 'head_network_plan', form: target('线索条'), tree: (ids) => ({ id: 'start', name: '发起人', type: 'start', child: { id: 'hq', name: '总部审批', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [ids.admin] } } }) },
  { key: 'cs_target', name: '客服目标', tag: 'cs_target', form: target('回访人次'), tree: () => principalOnly() },
  { key: 'marketer_target', name: '市场专员目标', tag: 'marketer_target', form: [{ name: 'staff_name', label: '市场专员', type: 'text', required: true }, ...target('线索条')], tree: () => principalOnly() },
  { key: 'salesman_target', name: '课程顾问目标', tag: 'salesman_target', form: [{ name: 'staff_name', label: '课程顾问', type: 'text', required: true }, ...target('签约额（元）')], tree: () => principalOnly() },
  { key: 'pre_school_aim', name: '学前班招生目标', tag: 'pre_school_aim', form: target('人'), tree: () => principalOnly() },
  { key: 'renew_target', name: '续费目标', tag: 'renew_target', form: target('续费人数'), tree: () => principalOnly() },
];

export async function seed(db: Kysely<Database>): Promise<void> {
  const users = new Map((await db.selectFrom('users').select(['id', 'login_id']).execute()).map((u) => [u.login_id, u.id]));
  const schools = new Map((await db.selectFrom('organisations').select(['id', 'code']).execute()).map((o) => [o.code ?? '', o.id]));
  const id = (login: string): number => {
    const v = users.get(login);
    if (v === undefined) throw new Error(`演示用户 ${login} 不存在`);
    return v;
  };
  const ids: Ids = { admin: id('admin'), finance: id('finance'), principal: id('principal') };
  for (const d of DEFINITIONS) {
    await createDefine(db, ids.admin, { define_key: d.key, name: d.name, tag: d.tag, ref_type: d.refType ?? d.tag, remark: d.remark ?? null, timeout_hours: 24, tree: d.tree(ids), form: d.form });
  }

  // each campus's opening stock of teaching materials and equipment (资产库存), which the approved
  // asset applications below then move
  const campuses = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  for (const [i, c] of campuses.entries()) {
    for (const [item, quantity] of OPENING_STOCK) await moveStock(db, { schoolId: c.id, item, delta: quantity + ((i * 7) % 5), instanceId: null, actorId: ids.admin, reason: '期初库存' });
  }

  // 学员手机号变更 names a real student of the campus and the phone of their primary parent (the
  // students area checks both when the application starts, and writes the new phone on approval)
  let phoneSeq = 0;
  const phoneChange = async (schoolId: number | null, why: string): Promise<Record<string, unknown>> => {
    const rows = await db
      .selectFrom('student')
      .select(['name', 'parent_phone'])
      .where('school_id', '=', schoolId ?? -1)
      .where('del_flag', '=', 0)
      .where('parent_phone', 'is not', null)
      .orderBy('id')
      .limit(40)
      .execute();
    // a name used once in the campus, so the application finds exactly one student
    const unique = rows.filter((r) => rows.filter((o) => o.name === r.name).length === 1);
    const s = unique[(phoneSeq * 7) % Math.max(1, unique.length)];
    phoneSeq += 1;
    if (!s) throw new Error(`演示校区 ${schoolId} 没有可变更手机号的学员`);
    return { student_name: s.name, old_phone: s.parent_phone, new_phone: `1990000${String(1000 + phoneSeq).slice(-4)}`, reason: why };
  };
  // 学员停课申请 names a 在读 student of the campus (a name used once there, not in a class, so the
  // other demos' rosters stay as they are): the students area files the stop apply
  const stopped = new Set<number>();
  const stopClass = async (schoolId: number | null, sample: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const rows = await db
      .selectFrom('student')
      .select(['id', 'name'])
      .where('school_id', '=', schoolId ?? -1)
      .where('del_flag', '=', 0)
      .where('state', '=', 1)
      .where('id', 'not in', db.selectFrom('stu_class').select('student_id'))
      .where('id', 'not in', db.selectFrom('student_stop_apply').select('student_id'))
      .orderBy('id', 'desc')
      .limit(60)
      .execute();
    const all = await db.selectFrom('student').select('name').where('school_id', '=', schoolId ?? -1).execute();
    const s = rows.find((r) => !stopped.has(r.id) && all.filter((a) => a.name === r.name).length === 1);
    if (!s) throw new Error(`演示校区 ${schoolId} 没有可停课的学员`);
    stopped.add(s.id);
    return { ...sample, student_name: s.name, days: 30 };
  };
  const schoolOf = async (login: string): Promise<number | null> => {
    const row = await db.selectFrom('user_schools').select('school_id').where('user_id', '=', id(login)).orderBy('school_id').executeTakeFirst();
    return row?.school_id ?? null;
  };
  const cy = schools.get('BJ-CY') ?? null;
  const hd = schools.get('BJ-HD') ?? null;
  const th = schools.get('GZ-TH') ?? null;
  const pd = schools.get('SH-PD') ?? null;
  const apply = (login: string, defineKey: string, schoolId: number | null, form: Record<string, unknown>, title?: string) =>
    createInstance(db, { refType: DEFINITIONS.find((d) => d.key === defineKey)?.refType ?? DEFINITIONS.find((d) => d.key === defineKey)?.tag ?? defineKey, refId: null, defineKey, schoolId, applicantId: id(login), form, title });
  const approve = (login: string, instanceId: number, comment: string) => demoRun(db, id(login), instanceId, 'approve', comment);
  const refuse = (login: string, instanceId: number, comment: string) => demoRun(db, id(login), instanceId, 'refuse', comment);

  // waiting for the principal
  await apply('sales', 'sale_refund', cy, { student_name: '张子涵', order_no: 'BJCY-2025-0312', class_type: '少儿英语 L3', amount: 3200, refund_reason: '搬家转学', remark: '家长已搬至天津，剩余 16 课时' }, '张子涵 退费申请');
  await apply('sales', 'student_tel_change', cy, await phoneChange(cy, '家长更换手机号'));
  await apply('principal', 'campus_market_plan', hd, { period: '2026-12', target: 320, budget: 18000, remark: '寒假班地推与社区讲座' }, '北京海淀校区 12 月市场计划');
  // approved by the principal, now with finance (over 5000)
  const big = await apply('sales', 'sale_refund', cy, { student_name: '李沐阳', order_no: 'BJCY-2025-0287', class_type: '少儿英语 L5', amount: 8800, refund_reason: '时间冲突', remark: '学校课业加重，无法按时上课' }, '李沐阳 退费申请');
  await approve('principal', big.instanceId, '情况属实，同意退费');
  // no principal in 广州天河 and 上海浦东: the administrators' queue
  await apply('front_desk', 'repair', th, { location: '3 楼 302 教室', item: '投影仪', urgency: '紧急', description: '投影仪无法开机，明天上午有课' }, '302 教室投影仪报修');
  await apply('teacher', 'student_stop_class', pd, await stopClass(pd, { student_name: '陈可欣', class_name: '浦东 KET 冲刺班', stop_date: '2026-12-15', reason: '学员出国交流一个月' }));
  // finished: approved, refused, recalled
  const phone = await apply('sales', 'student_tel_change', cy, await phoneChange(cy, '原号码停用'));
  await approve('principal', phone.instanceId, '已核实家长身份');
  const small = await apply('sales', 'sale_refund', cy, { student_name: '周雨桐', order_no: 'BJCY-2025-0199', class_type: '自然拼读', amount: 1200, refund_reason: '课程不满意', remark: '试听后不适应' }, '周雨桐 退费申请');
  await approve('principal', small.instanceId, '同意，按剩余课时退费');
  const refused = await apply('sales', 'sale_refund', cy, { student_name: '孙浩然', order_no: 'BJCY-2025-0150', class_type: '少儿英语 L2', amount: 2600, refund_reason: '其他', remark: '已超过退费期限' }, '孙浩然 退费申请');
  await refuse('principal', refused.instanceId, '已超过合同约定的退费期限，请与家长沟通续课方案');
  const recalled = await apply('sales', 'asset_requisition', cy, { item: '白板笔', quantity: 20, reason: '新学期教室补充' });
  await demoRecall(db, id('sales'), recalled.instanceId, '数量填写有误，重新申请');
  const purchase = await apply('principal', 'asset_purchase', cy, { item: '教室空气净化器', quantity: 4, budget: 12800, reason: '冬季教室空气质量改善' }, '朝阳校区空气净化器申购');
  await approve('admin', purchase.instanceId, '同意采购，请比价三家');
  const plan = await apply('principal', 'campus_sales_plan', cy, { period: '2026-11', target: 450000, budget: 30000, remark: '秋季续费与转介绍' }, '北京朝阳校区 11 月销售计划');
  await approve('principal', plan.instanceId, '按计划执行');
  await apply('admin', 'head_network_plan', null, { period: '2027-01', target: 5200, budget: 260000, remark: '寒假班全网投放：信息流 60%，搜索 25%，社群 15%' }, '总部 2027 年 1 月网络推广计划');
  await everyScreenHasApplications(db, id, schoolOf, phoneChange, stopClass);
  // staff who approve nothing by role are asked by the principal to co-sign (加签): each has one
  // waiting and one done in 任务中心
  for (const [i, login] of ['sales', 'telemarketer', 'teacher', 'foreign_teacher', 'front_desk', 'finance'].entries()) {
    const waiting = await apply('principal', 'repair', cy, { location: `${3 + i} 楼走廊`, item: '消防指示灯', urgency: '一般', description: '指示灯不亮，需更换' }, `${3 + i} 楼消防指示灯报修`);
    await demoAddSigner(db, ids.principal, waiting.instanceId, id(login), '请协助确认现场情况');
    const done = await apply('principal', 'asset_requisition', cy, { item: '教学用平板电脑', quantity: 2 + i, reason: '公开课演示使用' }, `公开课平板申领（${i + 1}）`);
    await demoAddSigner(db, ids.principal, done.instanceId, id(login), '请确认使用安排');
    await demoRun(db, id(login), done.instanceId, 'approve', '已确认，可以安排');
    await demoRun(db, ids.principal, done.instanceId, 'approve', '同意');
  }
  await spreadOverRecentDays(db);
}

/** Items and quantities every campus starts with (more than the demo applications take). */
const OPENING_STOCK: readonly [string, number][] = [
  ['教学用平板电脑', 40],
  ['点读笔', 60],
  ['白板笔', 200],
  ['教室白板', 8],
  ['旧投影仪', 3],
  ['儿童绘本（牛津阅读树）', 120],
  ['英语分级读物', 80],
  ['蓝牙音箱', 12],
];

/** Sample forms per business kind, for the applications every demo user makes on their screens. */
const SAMPLES: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  attendance_cancel: [
    { lesson_date: '2026-11-18', class_name: '少儿英语 L3 周六班', student_name: '何嘉怡', reason: '学员当天请病假，前台误点为出勤' },
    { lesson_date: '2026-11-20', class_name: '自然拼读 A 班', student_name: '吴梓轩', reason: '补课学员重复签到，需撤销一次' },
  ],
  repair: [
    { location: '2 楼前台', item: '打印机', urgency: '一般', description: '打印时卡纸，已清理仍反复出现' },
    { location: '5 楼 501 教室', item: '空调', urgency: '紧急', description: '制热无效，教室温度过低' },
  ],
  stop_class: [{ student_name: '冯子墨', class_name: '少儿英语 L4 周日班', stop_date: '2026-12-06', reason: '学员骨折需休养一个月' }],
  refund: [{ student_name: '钱思琪', order_no: 'BJCY-2025-0355', class_type: '少儿英语 L1', amount: 2400, refund_reason: '身体原因', remark: '医生建议暂停课程' }],
  tb_refund: [{ student_name: '林浩宇', tb_order_no: '3829104475612034', amount: 699, reason: '淘宝体验课未到店，申请全额退款' }],
  account_refund: [{ student_name: '宋雨萱', amount: 1560, bank_account: '招商银行 6214 **** **** 3306', reason: '结课后账户余额退还家长' }],
  asset_purchase: [{ item: '儿童绘本（牛津阅读树）', quantity: 60, budget: 4800, reason: '阅读角图书更新' }],
  asset_stock_in: [{ item: '教室白板', quantity: 6, supplier: '得力办公', reason: '新学期采购到货' }],
  asset_requisition: [{ item: '点读笔', quantity: 10, reason: '新开班教学使用' }],
  asset_scrap: [{ item: '旧投影仪', quantity: 2, reason: '灯泡老化，维修费用高于残值' }],
};

function planSample(tag: string, i: number): Record<string, unknown> {
  const base = { period: i % 2 === 0 ? '2026-12' : '2027-01', target: 120 + i * 35, budget: 8000 + i * 1500, remark: '按季度目标分解，重点做好寒假班招生' };
  return tag === 'marketer_target' || tag === 'salesman_target' ? { staff_name: tag === 'marketer_target' ? '陈晓燕' : '刘洋', ...base } : base;
}

/**
 * Every demo user who holds an application screen has applications of that kind, in turn waiting,
 * approved, refused or recalled, so each screen shows its rows and every state appears.
 */
async function everyScreenHasApplications(
  db: Kysely<Database>,
  id: (login: string) => number,
  schoolOf: (login: string) => Promise<number | null>,
  phoneChange: (schoolId: number | null, reason: string) => Promise<Record<string, unknown>>,
  stopClass: (schoolId: number | null, sample: Record<string, unknown>) => Promise<Record<string, unknown>>,
): Promise<void> {
  let turn = 0;
  for (const app of WF_APPLICATIONS) {
    const def = DEFINITIONS.find((d) => d.tag === app.tag);
    // 账户余额退费 names a student with money in their account: made by workflow-refunds.ts once the finance demo has filled the accounts
    if (!def || app.tag === 'account_refund') continue;
    for (const login of ['principal', ...APPLICATION_GRANTS[app.group]].filter((l, i, all) => all.indexOf(l) === i)) {
      const samples = SAMPLES[app.tag];
      const schoolId = await schoolOf(login);
      const sample = samples ? samples[turn % samples.length] : planSample(app.tag, turn);
      const form = app.tag === 'phone_change' ? await phoneChange(schoolId, '家长手机号更换') : app.tag === 'stop_class' ? await stopClass(schoolId, sample) : sample;
      const { instanceId } = await createInstance(db, { refType: def.refType ?? def.tag, refId: null, defineKey: def.key, schoolId, applicantId: id(login), form });
      turn += 1;
      const task = await db.selectFrom('wf_task').select(['assignee_id']).where('instance_id', '=', instanceId).where('state', '=', 0).executeTakeFirst();
      if (!task) continue;
      const decider = task.assignee_id ?? id('admin');
      if (turn % 4 === 1) await demoRun(db, decider, instanceId, 'approve', '同意');
      else if (turn % 4 === 2) await demoRun(db, decider, instanceId, 'refuse', '资料不全，请补充后重新提交');
      else if (turn % 4 === 3 && decider !== id(login)) await demoRecall(db, id(login), instanceId, '信息有误，撤回修改');
    }
  }
}

/**
 * The instances above were made within a second; as a real office's they are spread over the last
 * days: each instance starts some hours before the next, and its steps follow at intervals.
 */
async function spreadOverRecentDays(db: Kysely<Database>): Promise<void> {
  const instances = await db.selectFrom('wf_instance').select(['id', 'state']).orderBy('id').execute();
  const now = Date.now();
  for (const [i, inst] of instances.entries()) {
    // the oldest instance started about four days ago, the newest an hour or two ago
    const start = now - Math.round(((instances.length - i) * 100 * 3_600_000) / instances.length) - ((i * 37) % 50) * 60_000;
    const steps = await db.selectFrom('wf_step').select('id').where('instance_id', '=', inst.id).orderBy('id').execute();
    let at = start;
    for (const [k, step] of steps.entries()) {
      if (k > 0) at += (25 + ((inst.id * 13 + k * 29) % 90)) * 60_000;
      await db.updateTable('wf_step').set({ created_at: nowText(Math.min(at, now - 60_000)) }).where('id', '=', step.id).execute();
    }
    const first = nowText(start);
    const last = nowText(Math.min(at, now - 60_000));
    await db.updateTable('wf_instance').set({ created_at: first, updated_at: last, finished_at: inst.state === 1 ? null : last }).where('id', '=', inst.id).execute();
    await db.updateTable('wf_task').set({ created_at: first }).where('instance_id', '=', inst.id).execute();
    await db.updateTable('wf_task').set({ acted_at: last }).where('instance_id', '=', inst.id).where('acted_at', 'is not', null).execute();
  }
}
