import { describe, expect, it } from 'vitest';
import { hashPath, hintedScreen, rememberScreen, SCREEN_HINTS_KEY } from '../../../src/app/routes/screenHints';

// jsdom's localStorage, emptied before each test
function freshStorage(): Storage {
  localStorage.clear();
  return localStorage;
}

describe('screen hints (a start on a menu screen fetches its code early)', () => {
  it('remembers the screen of a path and tells it back', () => {
    const s = freshStorage();
    expect(hintedScreen('/educational/front_desk_check_in', s)).toBeNull();
    rememberScreen('/educational/front_desk_check_in', 'educational/front_desk_check_in', s);
    expect(hintedScreen('/educational/front_desk_check_in', s)).toBe('educational/front_desk_check_in');
    expect(hintedScreen('/other', s)).toBeNull();
  });

  it('keeps the 20 most recent paths, the one opened again counting as recent', () => {
    const s = freshStorage();
    for (let i = 0; i < 25; i++) rememberScreen(`/p${i}`, `k${i}`, s);
    rememberScreen('/p10', 'k10', s);
    rememberScreen('/p25', 'k25', s);
    expect(Object.keys(JSON.parse(s.getItem(SCREEN_HINTS_KEY) ?? '{}') as object)).toHaveLength(20);
    expect(hintedScreen('/p10', s)).toBe('k10');
    expect(hintedScreen('/p25', s)).toBe('k25');
    expect(hintedScreen('/p24', s)).toBe('k24');
    expect(hintedScreen('/p5', s)).toBeNull();
  });

  it('a damaged store is no hint, and is replaced on the next screen', () => {
    const s = freshStorage();
    s.setItem(SCREEN_HINTS_KEY, '{not json');
    expect(hintedScreen('/a', s)).toBeNull();
    rememberScreen('/a', 'x/a', s);
    expect(hintedScreen('/a', s)).toBe('x/a');
    s.setItem(SCREEN_HINTS_KEY, '["x/a"]');
    expect(hintedScreen('0', s)).toBeNull();
  });

  it('reads the path of a hash route', () => {
    expect(hashPath('#/educational/front_desk_check_in?x=1')).toBe('/educational/front_desk_check_in');
    expect(hashPath('')).toBe('/');
    expect(hashPath('#/')).toBe('/');
  });
});
