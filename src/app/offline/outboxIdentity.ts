import { configureOutboxHeaders, configureOutboxOwner } from '../../offline/owner';
import { deviceOutboxOwner, operatorHeaders } from '../../offline/device';
import { loadSession } from '../session/store';

// At module load (before any screen can queue a write, the quick desk's included): outbox items are
// tagged with, and sent only for, the user of the stored session.
configureOutboxOwner(() => {
  const u = loadSession();
  // a front-desk device (no one signed in): the device owns its writes, whoever is switched in
  return u ? { loginId: u.login_id, domain: u.domain ?? '' } : deviceOutboxOwner();
});
// On a front-desk device each write keeps the person switched in when it was queued.
configureOutboxHeaders(() => (loadSession() ? {} : operatorHeaders()));
