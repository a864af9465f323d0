import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer } from '@/lib/offline/coalesce';

describe('createCoalescer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands a burst over once, with counts, delayMs after its first key', () => {
    const flushed: Array<[string, number][]> = [];
    const c = createCoalescer<string>(500, (counts) => flushed.push([...counts]));
    c.add('a');
    vi.advanceTimersByTime(300);
    c.add('b');
    c.add('a');
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(flushed).toEqual([
      [
        ['a', 2],
        ['b', 1],
      ],
    ]);
  });

  it('keeps flushing every delayMs under a steady stream (not a debounce)', () => {
    const flushed: number[] = [];
    const c = createCoalescer<number>(100, (counts) => flushed.push([...counts.values()].reduce((s, n) => s + n, 0)));
    for (let i = 0; i < 10; i += 1) {
      c.add(1);
      vi.advanceTimersByTime(50);
    }
    expect(flushed).toEqual([2, 2, 2, 2, 2]);
  });

  it('flushNow hands over what is pending at once and nothing when empty', () => {
    const flush = vi.fn();
    const c = createCoalescer<string>(1_000, flush);
    c.flushNow();
    expect(flush).not.toHaveBeenCalled();
    c.add('x');
    c.flushNow();
    expect(flush).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
