import { describe, expect, it } from 'vitest';
import { inTurn } from '../src/utils/sqlite-readers';

/** A task that ends when the test says so, recording the order in which tasks started. */
function gatedTasks() {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      release.set(name, () => resolve(name));
    });
  return { started, release, task };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the SQLite reader threads take reads first come, first served (utils/sqlite-readers)', () => {
  it('a read asked right after another finished waits behind the older ones', async () => {
    const { started, release, task } = gatedTasks();
    const a = inTurn(1, task('a'));
    const b = inTurn(1, task('b'));
    const c = inTurn(1, task('c'));
    await tick();
    expect(started).toEqual(['a']);
    // a caller answered at once asks again: it must not pass b and c (piscina's own queue lets it)
    const again = a.then(() => inTurn(1, task('a2')));
    release.get('a')!();
    await tick();
    expect(started).toEqual(['a', 'b']);
    release.get('b')!();
    await tick();
    release.get('c')!();
    await tick();
    release.get('a2')!();
    expect(await Promise.all([a, b, c, again])).toEqual(['a', 'b', 'c', 'a2']);
    expect(started).toEqual(['a', 'b', 'c', 'a2']);
  });

  it('runs up to `threads` reads at once, and a failed read frees its thread', async () => {
    const { started, release, task } = gatedTasks();
    const failed = inTurn(2, () => Promise.reject(new Error('SQLITE_ERROR')));
    const x = inTurn(2, task('x'));
    const y = inTurn(2, task('y'));
    await expect(failed).rejects.toThrow('SQLITE_ERROR');
    await tick();
    expect(started).toEqual(['x', 'y']);
    const z = inTurn(2, task('z'));
    await tick();
    expect(started).toEqual(['x', 'y']);
    release.get('x')!();
    await tick();
    expect(started).toEqual(['x', 'y', 'z']);
    release.get('y')!();
    release.get('z')!();
    expect(await Promise.all([x, y, z])).toEqual(['x', 'y', 'z']);
  });
});
