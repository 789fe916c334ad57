// On 前台签到, the browser starts opening the offline database while the page still loads: the
// first open after a browser start takes about half a second on a slow tablet, and the quick desk
// (src/app/quickStart.ts) waits for it to draw the saved roster. A classic async script runs as
// soon as it arrives; the app's modules run only once the whole page is parsed. A database that
// does not exist is not created (the open is aborted), so Dexie creates it with its schema.
// Names: OFFLINE_DB_NAME (src/offline/db.ts) and FRONT_DESK_HASH (src/app/quickStart.ts), checked
// by tests/unit/app/quick-start.test.ts.
(function () {
  if (location.hash.split('?')[0] !== '#/educational/front_desk_check_in') return;
  try {
    var req = indexedDB.open('campus-desk');
    req.onupgradeneeded = function () {
      req.transaction.abort();
    };
    req.onsuccess = function () {
      req.result.close();
    };
    req.onerror = function (e) {
      e.preventDefault();
    };
  } catch (e) {
    // no IndexedDB (a private window): the app says so where it is used
  }
})();
