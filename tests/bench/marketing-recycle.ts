/**
 * Child process of the marketing bench: the hourly lead-recycling job (recycleLeads) once over the
 * bench database, in one transaction that is then rolled back (the database stays as built, so
 * every run measures the same work). Answers its time, what it did and the process's peak memory
 * (maxRSS: the whole process, the database's page cache included).
 */
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { recycleLeads } from '../../server/modules/marketing/recycle';

export interface RecycleFigures {
  ms: number;
  recycled: number;
  warned: number;
  /** peak resident memory of the job's process, MB */
  peakRssMb: number;
  /** resident memory before the job ran (the app's code and the opened database), MB */
  startRssMb: number;
}

class RolledBack extends Error {}

async function main(dataDir: string): Promise<RecycleFigures> {
  const opened = openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }));
  try {
    const startRssMb = process.resourceUsage().maxRSS / 1024;
    let done = { recycled: 0, warned: 0 };
    const t = performance.now();
    let ms = 0;
    await opened.db
      .transaction()
      .execute(async (trx) => {
        done = await recycleLeads(trx);
        ms = performance.now() - t;
        throw new RolledBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RolledBack)) throw err;
      });
    return { ms, ...done, peakRssMb: process.resourceUsage().maxRSS / 1024, startRssMb };
  } finally {
    await opened.close();
  }
}

const dir = process.argv[2];
if (dir && process.send) {
  void main(dir).then(
    (r) => {
      process.send?.(r);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
