import { describe, expect, it } from 'vitest';
import { loadTabs, nextPathAfterClose, saveTabs, tabsReducer, type Tab } from '../../../src/app/layout/tabs';

const home: Tab = { path: '/home', fullPath: '/home', title: '首页', fixed: true };
const menu: Tab = { path: '/system/menu', fullPath: '/system/menu', title: '菜单管理', fixed: false };
const user: Tab = { path: '/system/user', fullPath: '/system/user?page=2', title: '用户管理', fixed: false };
const start = [home, menu, user];

describe('tabs', () => {
  it('opens a page once, updating its address', () => {
    const t = tabsReducer(start, { type: 'open', tab: { ...menu, fullPath: '/system/menu?x=1' } });
    expect(t).toHaveLength(3);
    expect(t[1].fullPath).toBe('/system/menu?x=1');
    expect(tabsReducer([home], { type: 'open', tab: menu })).toEqual([home, menu]);
  });
  it('close current never closes a fixed tab', () => {
    expect(tabsReducer(start, { type: 'close', path: '/system/menu' })).toEqual([home, user]);
    expect(tabsReducer(start, { type: 'close', path: '/home' })).toEqual(start);
  });
  it('close others keeps the fixed tabs and the chosen one', () => {
    expect(tabsReducer(start, { type: 'closeOthers', path: '/system/user' })).toEqual([home, user]);
  });
  it('close all keeps the fixed tabs', () => {
    expect(tabsReducer(start, { type: 'closeAll' })).toEqual([home]);
  });
  it('goes to the last remaining tab after closing the active one', () => {
    expect(nextPathAfterClose([home, user])).toBe('/system/user?page=2');
    expect(nextPathAfterClose([])).toBe('/home');
  });
  it('survives a reload through session storage and ignores damaged data', () => {
    saveTabs(start);
    expect(loadTabs()).toEqual(start);
    sessionStorage.setItem('campus-desk.tabs', '{oops');
    expect(loadTabs()).toEqual([]);
  });
});
