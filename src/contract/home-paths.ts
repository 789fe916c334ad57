/**
 * Paths of home calls the app shell makes on every screen, without the home contract's zod
 * schemas (the shell must not load zod before the first screen; issue 11). ./home's calls use them.
 */

/** POST api/v1/home_shortcut/open { path } → { recorded } (shortcutOpenCall): a screen's tab was opened. */
export const SHORTCUT_OPEN_PATH = 'api/v1/home_shortcut/open';
