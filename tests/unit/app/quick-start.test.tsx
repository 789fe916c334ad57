// @vitest-environment jsdom
import { act, fireEvent, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RosterSession } from '../../../src/contract/classes';
import { FRONT_DESK_HASH, quickDeskOwner } from '../../../src/app/quickStart';
import { offlineDb } from '../../../src/offline';
import { removeCookie, setCookie } from '../../../src/lib/cookies';
import { rosterKey, saveFreshRoster, today } from '../../../src/features/classes/checkIn/rosterStore';
import { saveDeskSchool } from '../../../src/features/classes/frontDesk/deskSchool';
import { showQuickDesk, tilesOnFirstScreen } from '../../../src/features/classes/frontDesk/quickDesk';

const lesson: RosterSession = {
  schedule_id: 11,
  class_id: 4,
  class_name: '五年级C班',
  lesson_date: today(),
  start_time: '09:00',
  end_time: '10:30',
  teacher_name: '赵敏',
  classroom_name: '101',
  hours_per_lesson: 2,
  students: [
    { student_id: 21, name: '李小华', parent_name: '李妈妈', parent_phone: '13800002222', is_makeup: false, mark: null, check_in_id: null, remaining_hours: 10 },
    { student_id: 22, name: '王小明', parent_name: null, parent_phone: null, is_makeup: false, mark: 'present', check_in_id: 5, remaining_hours: 8 },
  ],
};

function signIn(user: { id: number; must_change_password?: boolean }): void {
  localStorage.setItem('session_user', JSON.stringify({ login_id: 'front_desk', name: '孙丽', ...user }));
  setCookie('token', 't-1');
}

describe('quick start on 前台签到', () => {
  beforeEach(async () => {
    localStorage.clear();
    removeCookie('token');
    removeCookie('device_token');
    await offlineDb().outbox.clear();
    await offlineDb().refLists.clear();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is for the signed-in user opening 前台签到, not another screen, a device, or a password to change', () => {
    expect(quickDeskOwner(FRONT_DESK_HASH)).toBeNull();
    signIn({ id: 7 });
    expect(quickDeskOwner(FRONT_DESK_HASH)).toBe(7);
    expect(quickDeskOwner(`${FRONT_DESK_HASH}?x=1`)).toBe(7);
    expect(quickDeskOwner('#/home')).toBeNull();
    expect(quickDeskOwner('#/educational/front_desk_check_in_other')).toBeNull();
    // a front-desk device's tablet has its own page (device mode)
    setCookie('device_token', 'd-1');
    localStorage.setItem('front_desk_device', JSON.stringify({ id: 2, name: '前台平板', school_id: 3 }));
    expect(quickDeskOwner(FRONT_DESK_HASH)).toBeNull();
    removeCookie('device_token');
    expect(quickDeskOwner(FRONT_DESK_HASH)).toBe(7);
    signIn({ id: 7, must_change_password: true });
    expect(quickDeskOwner(FRONT_DESK_HASH)).toBeNull();
    signIn({ id: 7 });
    removeCookie('token');
    expect(quickDeskOwner(FRONT_DESK_HASH)).toBeNull();
  });

  it('shows nothing without a roster of today saved for the desk’s campus', async () => {
    const el = document.body.appendChild(document.createElement('div'));
    expect(await showQuickDesk(el, 7)).toBeNull();
    saveDeskSchool(7, 3);
    expect(await showQuickDesk(el, 7)).toBeNull();
    expect(el.childElementCount).toBe(0);
  });

  it('draws the saved roster at once, and a tap queues the check-in as the board does', async () => {
    saveDeskSchool(7, 3);
    const key = rosterKey(7, today(), 'school:3');
    await saveFreshRoster(key, [lesson]);
    const el = document.body.appendChild(document.createElement('div'));
    let close: (() => void) | null = null;
    await act(async () => {
      close = await showQuickDesk(el, 7);
    });
    expect(close).not.toBeNull();
    const tiles = el.querySelectorAll('[data-testid="roster-student"]');
    expect(tiles).toHaveLength(2);
    expect(el.textContent).toContain('已签 1/2');
    // 王小明 is already 出勤: a tap says so and queues nothing
    fireEvent.click(tiles[1]);
    await waitFor(() => expect(el.querySelector('[role="status"]')?.textContent).toBe('王小明 已是出勤'));
    fireEvent.click(tiles[0]);
    await waitFor(() => expect(el.textContent).toContain('已签 2/2'), { timeout: 8000 });
    const queued = await offlineDb().outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0].body).toMatchObject({ schedule_id: 11, student_id: 21, mark: 'present' });
    expect(JSON.parse(localStorage.getItem('front-desk-recent:7') ?? '{}')).toHaveProperty('11:21');
    act(() => close?.());
    expect(el.childElementCount).toBe(0);
  });

  it('says when the roster was saved, as a 离线 badge once the browser is offline', async () => {
    saveDeskSchool(7, 3);
    const saved = await saveFreshRoster(rosterKey(7, today(), 'school:3'), [lesson]);
    const el = document.body.appendChild(document.createElement('div'));
    const close = showQuickDesk(el, 7);
    const at = dayjs(saved.loadedAt).format('HH:mm');
    expect(el.textContent).toContain(`名单来自 ${at}`);
    expect(el.textContent).not.toContain('离线');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('offline'));
      expect(el.textContent).toContain(`离线，名单来自 ${at}`);
    } finally {
      onLine.mockRestore();
      close?.();
    }
  });
});

describe('the quick desk’s first draw', () => {
  it('has the tiles that fill the window and a row more, not every tile', () => {
    // 1024 x 768: five tiles a row; lessons of 12, 8 and 10 students
    expect(tilesOnFirstScreen([12, 8, 10], 1024, 768)).toBe(25);
    // a phone: one a row, six in view (the sixth in part) and one more
    expect(tilesOnFirstScreen([12, 8, 10], 390, 844)).toBe(7);
    // a short roster is drawn whole
    expect(tilesOnFirstScreen([3], 1024, 768)).toBe(3);
    expect(tilesOnFirstScreen([], 1024, 768)).toBe(0);
  });
});
