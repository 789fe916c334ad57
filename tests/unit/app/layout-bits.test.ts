import { describe, expect, it } from 'vitest';
import { badgeText, parseTopAll } from '../../../src/api/messages';
import { isChrome, wantsChromeHint } from '../../../src/app/layout/ChromeHint';
import { scrollPositionAt } from '../../../src/app/layout/BackToTop';
import { brandingFor, copyrightLine, DEFAULT_BRANDING } from '../../../src/app/branding';
import { readSidebarOpen, writeSidebarOpen } from '../../../src/app/layout/sidebarState';
import { mergeRegistries } from '../../../src/app/screens';

describe('layout rules', () => {
  it('caps the bell badge at 99', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
  it('reads top_all as the server answers it ({unread, list}) and refuses any other shape', () => {
    const m = { message_id: 1, message_title: 't', message_content: '', message_time: '', publisher: null, read_status: 0, is_flag: 0 };
    expect(parseTopAll({ unread: 7, list: [m] })).toEqual({ unread: 7, list: [m] });
    expect(() => parseTopAll({ unread: 7, content: [m] })).toThrow('消息接口返回格式不正确');
    expect(() => parseTopAll([m])).toThrow('消息接口返回格式不正确');
    expect(() => parseTopAll(null)).toThrow('消息接口返回格式不正确');
  });
  it('shows the Chrome hint to other browsers only', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    expect(isChrome(chrome)).toBe(true);
    expect(isChrome(`${chrome} Edg/130.0.0.0`)).toBe(false);
    expect(isChrome('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15')).toBe(false);
    expect(isChrome('Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(false);
  });
  it('shows the Chrome hint only on desktop browsers that are not Chromium-based (issue 18, defect 15)', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    const macSafari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    expect(wantsChromeHint('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe(false);
    expect(wantsChromeHint(macSafari, 5)).toBe(false); // iPadOS asking for the desktop page
    expect(wantsChromeHint('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36')).toBe(false);
    expect(wantsChromeHint('Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0')).toBe(false);
    expect(wantsChromeHint(chrome)).toBe(false);
    expect(wantsChromeHint(`${chrome} Edg/130.0.0.0`)).toBe(false);
    expect(wantsChromeHint(macSafari, 0)).toBe(true);
    expect(wantsChromeHint('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(true);
  });
  it('scrolls back to the top in 600 ms', () => {
    expect(scrollPositionAt(1000, 0)).toBe(1000);
    expect(scrollPositionAt(1000, 300)).toBeGreaterThan(0);
    expect(scrollPositionAt(1000, 300)).toBeLessThan(1000);
    expect(scrollPositionAt(1000, 600)).toBe(0);
  });
  it('looks up the organisation by host, with a default', () => {
    expect(brandingFor('localhost:8080')).toEqual(DEFAULT_BRANDING);
    expect(brandingFor('erp.qimingxing.cn').name).toBe('启明星教育科技有限公司');
    expect(brandingFor('bj.admin.huayu-edu.cn').shortName).toBe('华育教育');
    expect(copyrightLine(DEFAULT_BRANDING, new Date('2026-03-01T00:00:00'))).toBe(`Copyright © 2026 ${DEFAULT_BRANDING.name} 版权所有`);
  });
  it('keeps the sidebar state in the sidebarStatus cookie as 1/0', () => {
    writeSidebarOpen(false);
    expect(document.cookie).toContain('sidebarStatus=0');
    expect(readSidebarOpen()).toBe(false);
    writeSidebarOpen(true);
    expect(document.cookie).toContain('sidebarStatus=1');
    expect(readSidebarOpen()).toBe(true);
  });
  it('merges the feature screen registries', () => {
    const a = () => Promise.resolve({ default: () => null });
    expect(Object.keys(mergeRegistries([{ screens: { 'home/index': a } }, { default: { 'system/menu': a } }]))).toEqual(['home/index', 'system/menu']);
  });
});
