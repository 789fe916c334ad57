import type { BrowserContext } from './fixtures';

/**
 * Moves the pages' clock (Date only) by `byMs` from before their first script, in every page of the
 * context, and it keeps flowing from there: a device whose clock is off, or a crawl on another day.
 * Playwright's own clock (context.clock.install) fakes the timers as well, and under it the crawl's
 * self-test never saw the page error it plants from a timer.
 */
export async function moveDeviceClock(context: BrowserContext, byMs: number): Promise<void> {
  await context.addInitScript((by: number) => {
    const Real = Date;
    class MovedDate extends Real {
      // every form of the constructor (dayjs parses with year, month, day, …) passes through
      constructor(...args: [number, number, number?, number?, number?, number?, number?] | []) {
        if (args.length === 0) super(Real.now() + by);
        else super(...(args as [number, number]));
      }
      static override now(): number {
        return Real.now() + by;
      }
    }
    (globalThis as { Date: DateConstructor }).Date = MovedDate as DateConstructor;
  }, byMs);
}
