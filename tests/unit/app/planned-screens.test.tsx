import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resolveScreen, ScreenHost, screenKeyOf } from '../../../src/app/ScreenHost';
import { PLANNED_SCREENS } from '../../../src/app/plannedScreens';
import { renderWidget } from '../components/render';

// Issue 18, defect 6: /#/task/task_center/apply showed MODULE_NOT_FOUND 找不到页面模块 workflow/apply.
describe('a menu screen that is not built yet', () => {
  it('is told apart from a component key that is really unknown', () => {
    expect(resolveScreen('marketing/activity', {})).toEqual({ kind: 'planned', name: 'marketing/activity' });
    // a planned screen that is built resolves to its screen
    expect(resolveScreen('workflow/apply').kind).toBe('screen');
    expect(resolveScreen('/marketing/invalid_resource', {}).kind).toBe('planned');
    expect(resolveScreen('educational/in_out_records', {}).kind).toBe('planned');
    expect(resolveScreen('workflow/applyx', {}).kind).toBe('missing');
    expect(resolveScreen('finance/nothing', {}).kind).toBe('missing');
    expect(screenKeyOf('Educational/In/Out records')).toBe('educational/inoutrecords');
  });

  it('says so in plain Chinese with the menu name; an unknown key keeps MODULE_NOT_FOUND', async () => {
    const { unmount } = renderWidget(<ScreenHost componentKey="marketing/activity" title="营销活动" />);
    expect(await screen.findByText('该功能尚未开放，敬请期待')).toBeTruthy();
    expect(screen.getByText('营销活动')).toBeTruthy();
    expect(screen.queryByText('MODULE_NOT_FOUND')).toBeNull();
    unmount();
    renderWidget(<ScreenHost componentKey="finance/nothing" title="不存在" />);
    expect(await screen.findByText('MODULE_NOT_FOUND')).toBeTruthy();
    expect(screen.queryByText('该功能尚未开放，敬请期待')).toBeNull();
  });

  // The list is the spec's top-level screens; checked only where the spec folder is present.
  const specFile = join(process.env.SPEC_DIR ?? join(__dirname, '../../../../shared/spec'), 'screens.tsv');
  it.skipIf(!existsSync(specFile))('lists the top-level screens of the spec', () => {
    const fromSpec: string[] = [];
    for (const line of readFileSync(specFile, 'utf8').split('\n').slice(1)) {
      const [area, name] = line.split('\t');
      if (!area || !name || ['fixed', 'layout', 'widgets', 'shared_dialogs'].includes(area)) continue;
      const key = `${area}/${name.split(' / ')[0].replace(/\s*\(.*?\)/g, '').trim()}`;
      if (!fromSpec.includes(key)) fromSpec.push(key);
    }
    expect([...PLANNED_SCREENS]).toEqual(fromSpec);
  });
});
