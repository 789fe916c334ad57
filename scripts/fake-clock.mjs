// Moves a Node process's clock to FAKE_NOW (an instant with its offset, e.g.
// 2027-01-01T00:05:00+08:00), from where it keeps flowing; nothing when FAKE_NOW is unset.
// Loaded with NODE_OPTIONS="--import ./scripts/fake-clock.mjs" to run the servers and the crawl
// at a moment of the calendar, such as just after midnight on the first of a month
// (tests/e2e/crawl.spec.ts moves the pages' clock to the same moment).
if (process.env.FAKE_NOW) {
  const Real = Date;
  const offset = Real.parse(process.env.FAKE_NOW) - Real.now();
  if (Number.isNaN(offset)) throw new Error(`FAKE_NOW 不是时间：${process.env.FAKE_NOW}`);
  class MovedDate extends Real {
    constructor(...args) {
      if (args.length === 0) super(Real.now() + offset);
      else super(...args);
    }
    static now() {
      return Real.now() + offset;
    }
  }
  globalThis.Date = MovedDate;
}
