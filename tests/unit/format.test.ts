import { describe, expect, it } from 'vitest';
import { formatCEP, formatDate, formatDateTime, formatPhoneNumber } from '@/lib/format';

describe('pt-BR formats (spec 000 §1, 001 §1)', () => {
  it('dates as dd/MM/yyyy and payment times as "dd/MM/yyyy às HH:mm"', () => {
    expect(formatDate('2026-07-05')).toBe('05/07/2026');
    expect(formatDate(new Date(2026, 0, 31, 23, 59))).toBe('31/01/2026');
    expect(formatDateTime(new Date(2026, 6, 5, 9, 7))).toBe('05/07/2026 às 09:07');
    expect(formatDate('não é data')).toBe('');
    expect(formatDate(null)).toBe('');
  });
  it('CEP and phone from their digits', () => {
    expect(formatCEP('01310100')).toBe('01310-100');
    expect(formatPhoneNumber('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhoneNumber('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhoneNumber('123')).toBe('123');
  });
});
