import defaultLogo from './assets/logo.svg';

/** Organisation shown in the footer and the sidebar logo, looked up by host name (spec doc 000 §2). */
export interface Branding {
  name: string;
  shortName: string;
  logo: string;
}

export const DEFAULT_BRANDING: Branding = { name: '校区教务管理平台', shortName: '校区后台', logo: defaultLogo };

/** Hosts of known deployments; a host not listed gets the default. Suffix match covers sub-domains. */
const BY_HOST: Record<string, Partial<Branding>> = {
  'campus-desk.example.com': { name: '启明星教育科技有限公司', shortName: '启明星教育' },
  'erp.qimingxing.cn': { name: '启明星教育科技有限公司', shortName: '启明星教育' },
  'admin.huayu-edu.cn': { name: '华育国际教育集团', shortName: '华育教育' },
};

export function brandingFor(host: string): Branding {
  const h = host.toLowerCase().replace(/:\d+$/, '');
  const key = Object.keys(BY_HOST).find((k) => h === k || h.endsWith(`.${k}`));
  return key ? { ...DEFAULT_BRANDING, ...BY_HOST[key] } : DEFAULT_BRANDING;
}

export function currentBranding(): Branding {
  return brandingFor(typeof window === 'undefined' ? '' : window.location.host);
}

export function copyrightLine(b: Branding, now: Date = new Date()): string {
  return `Copyright © ${now.getFullYear()} ${b.name} 版权所有`;
}
