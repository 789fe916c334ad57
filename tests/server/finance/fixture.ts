import { expect } from 'vitest';
import type { LoggedIn, TestServer } from '../helpers';
import { api } from './flows-helpers';

/** Set-up shared by the finance tests: the answer's envelope and a fresh student with an empty account. */

export type Body<T> = { code: number; msg: string; data: T };

/** The answer's data, after checking the call succeeded (its msg names what failed otherwise). */
export async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

/** A new student of a campus, added by `who` (its account starts at 0, its receipts are the test's own). */
export async function addStudent(s: TestServer, who: LoggedIn, schoolId: number, name: string, gender = 1): Promise<number> {
  return (await ok(s.call<{ id: number }>('POST', api('student/add'), { headers: who.headers, json: { school_id: schoolId, name, gender } }))).id;
}
