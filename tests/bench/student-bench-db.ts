/**
 * The bench database of the student list: 1,000,000 students (by default) in 60 campuses, on
 * SQLite, shared by the API bench and the relation bench. Building it takes a minute, so it is
 * kept under .tmp/bench (bench-cache.ts) in a folder named by the scale and a digest of the schema (the declarations,
 * the migrations and this builder): a rerun with the same schema reuses it, a schema change builds
 * a new one (and the folders of other schema versions of that scale go).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { isEmpty, seedDemo } from '../../server/db/seed';
import { RESOURCES } from '../../src/contract/resources';
import { nowText } from '../../server/lib/time';
import { benchCacheDir } from './bench-cache';
import { withIndexesRebuilt } from './bulk-load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Raise when the rows this builder writes change. */
const BUILDER_VERSION = 5;
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = ['子涵', '欣怡', '梓萱', '一诺', '浩宇', '宇轩', '子轩', '思远', '雨桐', '俊熙', '诗涵', '嘉怡', '明杰', '梓豪', '佳琪'];
const BATCH = 50_000;


/** 在读 60%, 停课 / 结课 / 退费 the rest: the filter keeps most of a campus's rows. */
function stateOf(i: number): number {
  const k = Math.floor(i / 60) % 10;
  return k < 6 ? 1 : k < 8 ? 2 : k < 9 ? 3 : 4;
}

function schemaDigest(): string {
  const migrations = fs.readdirSync(path.join(ROOT, 'server/db/migrations')).toSorted();
  return createHash('sha256')
    .update(JSON.stringify([BUILDER_VERSION, migrations, RESOURCES]))
    .digest('hex')
    .slice(0, 12);
}

export interface StudentBenchDb {
  dataDir: string;
  schoolIds: number[];
}

async function addCampuses(dataDir: string, schools: number): Promise<number[]> {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const opened = openDatabase(config);
  try {
    await migrate(opened.db, RESOURCES);
    if (await isEmpty(opened.db)) await seedDemo(opened.db);
    // Up to `schools` campuses: the demo's nine plus bench campuses under a bench city.
    const existing = await opened.db.selectFrom('organisations').select('id').where('kind', '=', 'school').orderBy('id').execute();
    if (existing.length < schools) {
      const hq = await opened.db.selectFrom('organisations').select(['id', 'inheritance']).where('kind', '=', 'head').executeTakeFirstOrThrow();
      const at = nowText();
      const city = await opened.db
        .insertInto('organisations')
        .values({ name: '压测分公司', code: 'BENCH', parent_id: hq.id, inheritance: `${hq.inheritance}${hq.id}|`, kind: 'city', leader: null, phone: null, address: null, remark: null, created_at: at, updated_at: at, created_by: null, updated_by: null })
        .returning(['id', 'inheritance'])
        .executeTakeFirstOrThrow();
      for (let i = existing.length; i < schools; i++) {
        await opened.db
          .insertInto('organisations')
          .values({ name: `压测校区${i + 1}`, code: `BENCH-${i + 1}`, parent_id: city.id, inheritance: `${city.inheritance}${city.id}|`, kind: 'school', leader: null, phone: null, address: null, remark: null, created_at: at, updated_at: at, created_by: null, updated_by: null })
          .execute();
      }
    }
    return (await opened.db.selectFrom('organisations').select('id').where('kind', '=', 'school').orderBy('id').execute()).map((r) => r.id).slice(0, schools);
  } finally {
    await opened.close();
  }
}

/** Students up to `scale`, in transactions of 50,000 rows with syncing off (a throwaway file). */
function addStudents(file: string, scale: number, schoolIds: number[], log: (l: string) => void): void {
  const raw = new Sqlite(file);
  try {
    const have = (raw.prepare('select count(*) as n from student').get() as { n: number }).n;
    if (have >= scale) return;
    log(`写入 ${(scale - have).toLocaleString('en')} 名压测学员 …`);
    const advisers = (raw.prepare('select id from users order by id').all() as { id: number }[]).map((r) => r.id);
    raw.pragma('synchronous = OFF');
    const insert = raw.prepare(
      'insert into student (name, gender, birthday, parent_name, parent_phone, state, remark, school_id, del_flag, created_at, updated_at, created_by, updated_by, seller_id, teacher_id) values (?, ?, ?, ?, ?, ?, null, ?, 0, ?, ?, 1, 1, ?, ?)',
    );
    const base = Date.UTC(2022, 0, 1);
    const batch = raw.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const k = Math.floor(i / schoolIds.length);
        // names vary within a campus (the campus is i % 60): a name filter finds a few hundred of its students, not all
        const surname = SURNAMES[k % SURNAMES.length];
        const at = nowText(base + ((i * 2654435761) % (3 * 365 * 86400)) * 1000);
        const phone = `13${String(100000000 + ((i * 7919) % 899999999)).padStart(9, '0')}`;
        insert.run(
          surname + GIVEN[Math.floor(k / SURNAMES.length) % GIVEN.length],
          (i % 2) + 1,
          `201${i % 8}-0${(i % 9) + 1}-1${i % 9}`,
          `${surname}${GIVEN[(i * 3) % GIVEN.length]}`,
          phone,
          stateOf(i),
          schoolIds[i % schoolIds.length],
          at,
          at,
          // within each campus: one student in ten without an adviser (课程顾问), one in seven without a head teacher (班主任)
          advisers.length > 0 && k % 10 !== 9 ? advisers[(k * 13) % advisers.length] : null,
          advisers.length > 0 && k % 7 !== 6 ? advisers[(k * 5 + 3) % advisers.length] : null,
        );
      }
    });
    const t0 = performance.now();
    for (let from = have, n = 1; from < scale; from += BATCH, n++) {
      batch(from, Math.min(scale, from + BATCH));
      if (n % 5 === 0) log(`  … ${Math.min(scale, from + BATCH).toLocaleString('en')} 行（${((performance.now() - t0) / 1000).toFixed(0)} s）`);
    }
    raw.exec('analyze');
    raw.pragma('synchronous = FULL');
  } finally {
    raw.close();
  }
}

const RELATIONS = [1, 2, 3, 4, 5, 6];

/**
 * Parents (stu_parent, linked by stu_parent_student) up to `parents` rows: every student without
 * one gets its primary contact (the phone on the student row), every second one a second parent
 * with a phone of its own, in students' id order until the count is reached (1,500,000 for
 * 1,000,000 students, issue 12). Written in batches with the indexes built at the end.
 */
function addParents(file: string, parents: number, log: (l: string) => void): void {
  const raw = new Sqlite(file);
  try {
    let have = (raw.prepare('select count(*) as n from stu_parent').get() as { n: number }).n;
    if (have >= parents) return;
    log(`写入 ${(parents - have).toLocaleString('en')} 名压测家长 …`);
    raw.pragma('synchronous = OFF');
    const at = nowText();
    const insParent = raw.prepare("insert into stu_parent (name, relation, phone, student_id, is_primary, school_id, del_flag, created_at, updated_at, created_by, updated_by) values (?, ?, ?, ?, ?, ?, 0, ?, ?, 1, 1)");
    const insLink = raw.prepare('insert into stu_parent_student (school_id, student_id, parent_id, is_primary, created_at, updated_at, created_by, updated_by) values (?, ?, ?, ?, ?, ?, 1, 1)');
    const unlinked = raw.prepare(
      'select s.id, s.school_id, s.parent_name, s.parent_phone from student s where s.id > ? and s.parent_phone is not null and not exists (select 1 from stu_parent_student l where l.student_id = s.id) order by s.id limit 20000',
    );
    const t0 = performance.now();
    withIndexesRebuilt(raw, ['stu_parent', 'stu_parent_student'], log, () => {
      let after = 0;
      // the parents written for these students (at most `room`)
      const batch = raw.transaction((rows: { id: number; school_id: number; parent_name: string | null; parent_phone: string }[], room: number): number => {
        let added = 0;
        for (const r of rows) {
          if (added >= room) break;
          const primary = Number(insParent.run(r.parent_name ?? '家长', RELATIONS[r.id % 2], r.parent_phone, r.id, 1, r.school_id, at, at).lastInsertRowid);
          insLink.run(r.school_id, r.id, primary, 1, at, at);
          added++;
          if (r.id % 2 === 0 && added < room) {
            const phone = `15${String(100000000 + ((r.id * 104729) % 899999999)).padStart(9, '0')}`;
            const second = Number(insParent.run(`${(r.parent_name ?? '家长').slice(0, 1)}${GIVEN[r.id % GIVEN.length]}`, RELATIONS[(r.id % 4) + 2], phone, r.id, 0, r.school_id, at, at).lastInsertRowid);
            insLink.run(r.school_id, r.id, second, 0, at, at);
            added++;
          }
        }
        return added;
      });
      for (let n = 1; have < parents; n++) {
        const rows = unlinked.all(after) as { id: number; school_id: number; parent_name: string | null; parent_phone: string }[];
        if (rows.length === 0) break;
        have += batch(rows, parents - have);
        after = rows[rows.length - 1].id;
        if (n % 10 === 0) log(`  … ${have.toLocaleString('en')} 名家长（${((performance.now() - t0) / 1000).toFixed(0)} s）`);
      }
    });
    raw.pragma('synchronous = FULL');
  } finally {
    raw.close();
  }
}

export async function studentBenchDatabase(scale: number, schools: number, log: (l: string) => void, parents = 0): Promise<StudentBenchDb> {
  const prefix = `campus-desk-bench-students-${scale}-`;
  const cache = benchCacheDir();
  const dataDir = path.join(cache, `${prefix}${schemaDigest()}`);
  for (const name of fs.readdirSync(cache)) {
    if (name.startsWith(prefix) && path.join(cache, name) !== dataDir) fs.rmSync(path.join(cache, name), { recursive: true, force: true });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const schoolIds = await addCampuses(dataDir, schools);
  addStudents(path.join(dataDir, 'campus-desk.db'), scale, schoolIds, log);
  if (parents > 0) addParents(path.join(dataDir, 'campus-desk.db'), parents, log);
  return { dataDir, schoolIds };
}
