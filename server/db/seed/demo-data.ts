import type { OrgKind } from '../core-schema';

export const ADMIN_DEMO_PASSWORD = 'admin123';
export const DEMO_PASSWORD = 'demo123';

export interface RoleSeed {
  code: string;
  name: string;
  allSchools: boolean;
  remark: string | null;
}

/** Roles of a training operator. RC999 is the administrator code that passes every check. */
export const ROLES: readonly RoleSeed[] = [
  { code: 'RC999', name: '系统管理员', allSchools: true, remark: '拥有全部权限' },
  { code: 'principal', name: '校长', allSchools: false, remark: '负责所辖校区的经营与管理' },
  { code: 'telemarketer', name: '电销', allSchools: false, remark: '电话邀约与线索跟进' },
  { code: 'sales', name: '课程顾问', allSchools: false, remark: '到访接待与签约' },
  { code: 'teacher', name: '中教老师', allSchools: false, remark: '中文授课老师' },
  { code: 'foreign_teacher', name: '外教', allSchools: false, remark: '外籍授课老师' },
  { code: 'front_desk', name: '前台', allSchools: false, remark: '前台接待与考勤' },
  { code: 'finance', name: '财务', allSchools: false, remark: '收款、退费与对账' },
];

export interface OrgSeed {
  name: string;
  code: string;
  kind: OrgKind;
  leader?: string;
  phone?: string;
  address?: string;
  children?: readonly OrgSeed[];
}

const school = (code: string, name: string, address: string, phone: string): OrgSeed => ({ code, name, kind: 'school', address, phone });

export const ORG_TREE: readonly OrgSeed[] = [
  {
    name: '总部',
    code: 'HQ',
    kind: 'head',
    leader: '王建国',
    phone: '010-65881234',
    address: '北京市朝阳区建国路88号',
    children: [
      { name: '市场部', code: 'HQ-MKT', kind: 'department' },
      { name: '教学部', code: 'HQ-EDU', kind: 'department' },
      { name: '财务部', code: 'HQ-FIN', kind: 'department' },
      { name: '人事行政部', code: 'HQ-HR', kind: 'department' },
      {
        name: '北京分公司',
        code: 'BJ',
        kind: 'city',
        children: [
          school('BJ-CY', '北京朝阳校区', '北京市朝阳区望京街10号', '010-84761001'),
          school('BJ-HD', '北京海淀校区', '北京市海淀区中关村大街27号', '010-62561002'),
          school('BJ-XC', '北京西城校区', '北京市西城区西单北大街120号', '010-66051003'),
        ],
      },
      {
        name: '上海分公司',
        code: 'SH',
        kind: 'city',
        children: [
          school('SH-PD', '上海浦东校区', '上海市浦东新区张杨路500号', '021-58301001'),
          school('SH-XH', '上海徐汇校区', '上海市徐汇区漕溪北路88号', '021-64871002'),
        ],
      },
      {
        name: '广州分公司',
        code: 'GZ',
        kind: 'city',
        children: [
          school('GZ-TH', '广州天河校区', '广州市天河区天河路385号', '020-38881001'),
          school('GZ-YX', '广州越秀校区', '广州市越秀区中山五路219号', '020-83331002'),
        ],
      },
      {
        name: '深圳分公司',
        code: 'SZ',
        kind: 'city',
        children: [
          school('SZ-NS', '深圳南山校区', '深圳市南山区南海大道2163号', '0755-26661001'),
          school('SZ-FT', '深圳福田校区', '深圳市福田区深南中路3031号', '0755-83221002'),
        ],
      },
    ],
  },
];

export interface DemoUser {
  login_id: string;
  name: string;
  phone: string;
  sex: number;
  city: string;
  org: string;
  roles: readonly string[];
  schools: readonly string[];
  roleName: string;
}

/** One user per role (password demo123; admin: admin123). */
export const DEMO_USERS: readonly DemoUser[] = [
  { login_id: 'admin', name: '王建国', phone: '13801012345', sex: 1, city: '北京', org: 'HQ', roles: ['RC999'], schools: [], roleName: '系统管理员' },
  { login_id: 'principal', name: '李秀英', phone: '13911023456', sex: 2, city: '北京', org: 'BJ', roles: ['principal'], schools: ['BJ-CY', 'BJ-HD'], roleName: '校长' },
  { login_id: 'telemarketer', name: '陈晓燕', phone: '13661034567', sex: 2, city: '北京', org: 'BJ-CY', roles: ['telemarketer'], schools: ['BJ-CY'], roleName: '电销' },
  { login_id: 'sales', name: '刘洋', phone: '13520145678', sex: 1, city: '北京', org: 'BJ-CY', roles: ['sales'], schools: ['BJ-CY'], roleName: '课程顾问' },
  { login_id: 'teacher', name: '赵敏', phone: '13718256789', sex: 2, city: '上海', org: 'SH-PD', roles: ['teacher'], schools: ['SH-PD'], roleName: '中教老师' },
  { login_id: 'foreign_teacher', name: '迈克尔·布朗', phone: '13816367890', sex: 1, city: '上海', org: 'SH-PD', roles: ['foreign_teacher'], schools: ['SH-PD', 'SH-XH'], roleName: '外教' },
  { login_id: 'front_desk', name: '孙丽', phone: '13926478901', sex: 2, city: '广州', org: 'GZ-TH', roles: ['front_desk'], schools: ['GZ-TH'], roleName: '前台' },
  { login_id: 'finance', name: '周静', phone: '13602589012', sex: 2, city: '北京', org: 'HQ-FIN', roles: ['finance'], schools: [], roleName: '财务' },
];
