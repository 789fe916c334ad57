import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../../src/app/layout/Sidebar';
import { DEFAULT_BRANDING } from '../../../src/app/branding';
import type { AppRoute } from '../../../src/app/routes/menuRoutes';
import { themeOf } from '../../../src/components/session';
import { renderWidget } from '../components/render';

function route(path: string, title: string, children: AppRoute[] = []): AppRoute {
  return { path, title, code: title, icon: null, component: children.length ? null : 'x', hidden: false, activeMenu: null, meta: {}, children };
}

const TREE: AppRoute[] = [
  route('', '教务中心', [route('/edu/a', '排课'), route('/edu/b', '签到')]),
  route('', '营销中心', [route('/mkt/a', '线索')]),
  route('/settings', '个人设置'),
];

function activeTitles(): string[] {
  return [...document.querySelectorAll('[data-testid="sidebar"] [data-active]')].map((el) => el.textContent ?? '');
}

// Entries are memoized and render again only on the way to the old or the new page (Sidebar.tsx):
// the highlight must still follow every move, inside an open directory, out of it and back.
describe('the sidebar highlight', () => {
  it('follows the page inside an open directory, out of it and back', () => {
    const theme = themeOf(null);
    const view = (activePath: string) => (
      <MemoryRouter>
        <Sidebar tree={TREE} activePath={activePath} collapsed={false} theme={theme} width={220} branding={DEFAULT_BRANDING} />
      </MemoryRouter>
    );
    const { rerender } = renderWidget(view('/edu/a'));
    expect(activeTitles()).toEqual(['排课']);
    rerender(view('/edu/b'));
    expect(activeTitles()).toEqual(['签到']);
    rerender(view('/settings'));
    expect(activeTitles()).toEqual(['个人设置']);
    // the directory stays open (its state is kept) and its entry lights up again
    rerender(view('/edu/a'));
    expect(activeTitles()).toEqual(['排课']);
    expect(screen.getByText('签到')).toBeTruthy();
  });
});
