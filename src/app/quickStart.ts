import { loadSession, getToken } from './session/store';
import { loadDevice } from '../offline/device';
import './offline/outboxIdentity';
import { showQuickDesk } from '../features/classes/frontDesk/quickDesk';

/** 前台签到's address as seeded (kept from the old menus): the only screen with a quick start. */
export const FRONT_DESK_HASH = '#/educational/front_desk_check_in';
/** The layout is shown after this long even if its 前台签到 has not said it is ready. */
const REVEAL_AFTER_MS = 20_000;

/**
 * Whose quick desk a start at this address may show: the signed-in user's on 前台签到 (not a
 * front-desk device's, whose page is another, nor one who must change the password first).
 */
export function quickDeskOwner(hash: string): number | null {
  if (hash.split('?')[0] !== FRONT_DESK_HASH) return null;
  // local storage first: each cookie read asks the browser process
  const user = loadSession();
  if (!user || user.must_change_password || !getToken() || loadDevice()) return null;
  return user.id;
}

/** How long the quick desk has the main thread to itself once drawn, before the layout's code loads. */
const QUIET_AFTER_DRAW_MS = 600;

/**
 * Resolves once the quick desk has been painted and then left alone QUIET_AFTER_DRAW_MS: loading
 * and running the layout's code takes the main thread in tasks of a few hundred ms on a slow
 * tablet, which would hold back the first taps on a roster already drawn.
 */
function afterPaintAndPause(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, QUIET_AFTER_DRAW_MS)));
}

/**
 * Calls `reveal` once the layout drawn (hidden) in `root` shows its 前台签到 read from the device
 * (data-ready), or has gone to another address, or after REVEAL_AFTER_MS.
 */
function whenLayoutReady(root: HTMLElement, reveal: () => void): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.removeEventListener('hashchange', check);
    clearTimeout(timer);
    reveal();
  };
  const check = () => {
    if (root.querySelector('[data-testid="front-desk"][data-ready]') || !location.hash.startsWith(FRONT_DESK_HASH)) finish();
  };
  const observer = new MutationObserver(check);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
  window.addEventListener('hashchange', check);
  const timer = setTimeout(finish, REVEAL_AFTER_MS);
}

/**
 * Starts the app in `root`. A front-desk tablet opening 前台签到 with today's roster saved first
 * gets the quick desk (the roster alone, tappable, drawn as plain DOM before React and the layout's
 * code have loaded: an offline cold start on a slow tablet shows it in about a fifth of the time), while the layout
 * loads and draws hidden behind it; the quick desk gives way once the layout's 前台签到 is ready.
 */
export async function start(root: HTMLElement): Promise<void> {
  const owner = quickDeskOwner(location.hash);
  const close = owner === null ? null : showQuick(root, owner);
  if (close) {
    root.hidden = true;
    await afterPaintAndPause();
    whenLayoutReady(root, () => {
      close();
      root.hidden = false;
    });
  }
  const { startApp } = await import('./start');
  startApp(root);
}

function showQuick(root: HTMLElement, owner: number): (() => void) | null {
  // the light scheme's colours, as MantineProvider (defaultColorScheme light, the app's only) sets
  document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  const el = document.createElement('div');
  root.before(el);
  try {
    // user timing marks: the cold-start profile (tests/bench/cold-start-profile.ts) prints them
    performance.mark('quick-desk:start');
    const close = showQuickDesk(el, owner);
    performance.mark('quick-desk:shown');
    if (close) {
      return () => {
        close();
        el.remove();
      };
    }
  } catch {
    // no quick desk (its code or the saved roster could not be read): the layout starts as usual
  }
  el.remove();
  return null;
}
