import { describe, expect, it } from 'vitest';
import { digitsToCents, formatBRL, formatReais, installmentValue, splitInstallments, sumCents, sumReais, toCents, toReais } from '@/lib/money';

/** Intl writes a no-break space after "R$"; compare with a normal space for readability. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('toCents (reais from the API → centavos)', () => {
  it.each([
    [123.45, 12345],
    [0.29, 29], // 0.29 * 100 = 28.999999999999996 in floating point
    [1.1, 110],
    [19.99, 1999],
    [0, 0],
    [-5.5, -550],
    [1234567.89, 123456789],
  ])('number %s → %s', (input, cents) => expect(toCents(input)).toBe(cents));

  it.each([
    ['123.45', 12345],
    ['123.4', 12340],
    ['123', 12300],
    ['.5', 50],
    ['1.005', 101], // third decimal rounds half up
    ['1.004', 100],
    ['R$ 1.234,56', 123456],
    ['1.234,5', 123450],
    ['-10,00', -1000],
    ['', 0],
    ['abc', 0],
  ])('string %j → %s', (input, cents) => expect(toCents(input)).toBe(cents));

  it('treats null/undefined/NaN as zero', () => {
    expect(toCents(null)).toBe(0);
    expect(toCents(undefined)).toBe(0);
    expect(toCents(Number.NaN)).toBe(0);
  });

  it('rounds a number with more than two places exactly on the third', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2.675)).toBe(268);
  });
});

describe('toReais (centavos → API reais)', () => {
  it('prints the same decimal digits in JSON', () => {
    expect(JSON.stringify({ v: toReais(12345) })).toBe('{"v":123.45}');
    expect(JSON.stringify({ v: toReais(29) })).toBe('{"v":0.29}');
    expect(toReais(0)).toBe(0);
  });
  it('refuses fractional centavos', () => {
    expect(() => toReais(1.5)).toThrow(RangeError);
  });
});

describe('formatBRL', () => {
  it('formats centavos as pt-BR currency', () => {
    expect(plain(formatBRL(12345))).toBe('R$ 123,45');
    expect(plain(formatBRL(0))).toBe('R$ 0,00');
    expect(plain(formatBRL(123456789))).toBe('R$ 1.234.567,89');
    expect(plain(formatBRL(5))).toBe('R$ 0,05');
  });
  it('formats API reais', () => {
    expect(plain(formatReais('1500.5'))).toBe('R$ 1.500,50');
    expect(plain(formatReais(null))).toBe('R$ 0,00');
  });
});

describe('digitsToCents (typing digits reads them as centavos)', () => {
  it.each([
    ['12345', 12345],
    ['1', 1],
    ['', 0],
    ['000150', 150],
    ['R$ 1.234,56', 123456], // re-typing over a formatted value keeps its digits
    ['12a3', 123],
  ])('%j → %s', (input, cents) => expect(digitsToCents(input)).toBe(cents));

  it('shows typed digits as BRL: "12345" → R$ 123,45', () => {
    expect(plain(formatBRL(digitsToCents('12345')))).toBe('R$ 123,45');
  });

  it('caps the typed amount at 13 digits', () => {
    expect(digitsToCents('99999999999999999')).toBe(9999999999999);
  });
});

describe('sums without drift', () => {
  it('0.1 + 0.2 is exactly R$ 0,30', () => {
    expect(sumReais([0.1, 0.2])).toBe(30);
    expect(0.1 + 0.2).not.toBe(0.3); // the float way drifts
  });
  it('adds a thousand R$ 0,01 to R$ 10,00 exactly', () => {
    expect(sumReais(Array.from({ length: 1000 }, () => 0.01))).toBe(1000);
    expect(sumCents([1999, 1, 29])).toBe(2029);
  });
  it('mixes numbers and decimal strings', () => {
    expect(sumReais([19.99, '0.01', null, '1.234,56'])).toBe(125456);
  });
});

describe('splitInstallments / installmentValue', () => {
  it('distributes the remainder one centavo each to the first instalments', () => {
    expect(splitInstallments(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitInstallments(1001, 4)).toEqual([251, 250, 250, 250]);
    expect(splitInstallments(1200, 12)).toEqual(Array(12).fill(100));
  });
  it('always adds back to the amount', () => {
    for (const amount of [1, 99, 10000, 123457, 999999]) {
      for (let n = 1; n <= 12; n++) {
        const parts = splitInstallments(amount, n);
        expect(parts).toHaveLength(n);
        expect(sumCents(parts)).toBe(amount);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }
    }
  });
  it('installment value is the first (largest) instalment', () => {
    expect(installmentValue(10000, 3)).toBe(3334);
    expect(installmentValue(10000, 1)).toBe(10000);
    expect(installmentValue(0, 3)).toBe(0);
    expect(installmentValue(10000, 0)).toBe(0);
  });
  it('rejects bad instalment counts', () => {
    expect(() => splitInstallments(100, 0)).toThrow(RangeError);
    expect(() => splitInstallments(100, 1.5)).toThrow(RangeError);
    expect(() => splitInstallments(-1, 2)).toThrow(RangeError);
  });
});
