import { describe, expect, it } from 'vitest';
import { api, login, waitForEmail } from './helpers/api';
import { createUser } from './helpers/users';

/**
 * forgot-password takes the same time for a known and an unknown e-mail
 * (extensions/users-permissions/forgot-password.ts): both read the account, draw a token, render
 * the message and write one row; only the send, after the answer, is the known address's own.
 *
 * Measured as a client would: calls alternate known, unknown, known, … so every unknown call
 * follows a known one and the other way round. A call's time is then its own work plus whatever
 * the call before left running after its answer, and the two medians differ when either differs
 * (the earlier version answered first and did the account's work afterwards: the unknown calls,
 * each landing on a known call's leftover lookup, token, write and send, took about three times
 * as long; a write to no row for an unknown address made the known calls 1.7 times as slow).
 * Medians of 15 calls each must be within 35% of each other (the differences this guards against were
 * 1.7× and 3×; on a loaded 2-core machine, equal work measured 1.24–1.31× in a bad round). A round that
 * misses is measured again, up to five rounds: noise rarely misses five times in a row, a real
 * difference misses every round.
 */
const CALLS = 15;
const TOLERANCE = 0.35;
const ROUNDS = 5;

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

/** Milliseconds of one POST /auth/forgot-password, answer body read; fails on anything but 200 {ok: true}. */
async function timed(email: string): Promise<number> {
  const started = performance.now();
  const res = await api('POST', '/auth/forgot-password', { body: { email } });
  const ms = performance.now() - started;
  expect([res.status, res.body]).toEqual([200, { ok: true }]);
  return ms;
}

describe('forgot-password: a known and an unknown e-mail take the same time', () => {
  it(`medians of ${CALLS} alternating calls each are within ${TOLERANCE * 100}%`, async () => {
    const user = await createUser(await login('admin'));
    const unknown = `ninguem${user.username}@teste.local`;
    for (let i = 0; i < 3; i++) {
      await timed(user.email);
      await timed(unknown);
    }
    const rounds: string[] = [];
    let ratio = Infinity;
    for (let round = 0; round < ROUNDS && ratio > 1 + TOLERANCE; round++) {
      const known: number[] = [];
      const missing: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        known.push(await timed(user.email));
        missing.push(await timed(unknown));
      }
      const [k, u] = [median(known), median(missing)];
      rounds.push(`known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms`);
      ratio = Math.max(k, u) / Math.min(k, u);
    }
    expect(ratio, rounds.join('; ')).toBeLessThanOrEqual(1 + TOLERANCE);
  });

  it('the known address still gets its reset e-mail, after the answer', async () => {
    const user = await createUser(await login('admin'));
    const since = Date.now();
    await timed(user.email);
    const mail = await waitForEmail(user.email, since);
    expect(mail?.links.some((l: string) => l.includes('/reset-password?code='))).toBe(true);
  });
});
