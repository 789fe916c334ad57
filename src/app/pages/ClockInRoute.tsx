import { useEffect } from 'react';
import { ScreenHost } from '../ScreenHost';

export const CLOCK_IN_PATH = '/wf/clockIn';

/** Attendance punch (hidden route); the page reloads when the user leaves it (spec doc 000 §2). */
export default function ClockInRoute() {
  useEffect(
    () => () => {
      // Checked after the navigation settles, so a remount in place does not reload.
      window.setTimeout(() => {
        if (!window.location.hash.startsWith(`#${CLOCK_IN_PATH}`)) window.location.reload();
      }, 0);
    },
    [],
  );
  return <ScreenHost componentKey="workflow/clock_in" />;
}
