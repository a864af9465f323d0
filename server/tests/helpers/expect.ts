import { expect } from 'vitest';

/**
 * Asserts that `list` is not empty and that every item satisfies `predicate` (because
 * `expect(list.every(p)).toBe(true)` passes on `[]`, so a filter or scope that returned nothing
 * would look right).
 */
export function expectEvery<T>(list: readonly T[], predicate: (item: T) => boolean, label = 'list'): void {
  expect(list.length, `${label}: a check over an empty list proves nothing`).toBeGreaterThan(0);
  const failing = list.filter((item) => !predicate(item));
  expect(failing, `${label}: items that do not satisfy the check`).toEqual([]);
}
