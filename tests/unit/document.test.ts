import { maskitoTransform } from '@maskito/core';
import { describe, expect, it } from 'vitest';
import { cnpjMaskOptions, documentMaskOptions, documentMessage, formatDocument, isValidCnpjDocument, isValidDocument, sanitizeDocument } from '@/lib/document';

const mask = (typed: string) => maskitoTransform(typed, documentMaskOptions);

describe('CPF/CNPJ mask (spec 000 §5: 000.000.000-00 up to 11 digits, else 00.000.000/0000-00)', () => {
  it('formats a CPF as it grows', () => {
    expect(mask('529')).toBe('529');
    expect(mask('5299')).toBe('529.9');
    expect(mask('52998224725')).toBe('529.982.247-25');
  });

  it('switches to the CNPJ mask at the 12th digit', () => {
    expect(mask('112223330001')).toBe('11.222.333/0001');
    expect(mask('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('drops anything past 14 characters and any symbol typed', () => {
    expect(mask('1122233300018199')).toBe('11.222.333/0001-81');
    expect(mask('529#982*247')).toBe('529.982.247');
  });

  it('accepts an alphanumeric CNPJ in upper case, letters only before the check digits', () => {
    expect(mask('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(sanitizeDocument('12.ABC.345/01DE-3X5')).toBe('12ABC34501DE35');
  });
});

describe('live messages (spec 000 §5)', () => {
  it('says nothing for an empty field', () => {
    expect(documentMessage('')).toBeUndefined();
  });
  it.each([
    ['5', 'CPF incompleto'],
    ['529.982.247-2', 'CPF incompleto'],
    ['529.982.247-24', 'CPF inválido'],
    ['111.111.111-11', 'CPF inválido'],
    ['11.222.333/0001', 'CNPJ incompleto'],
    ['11.222.333/0001-8', 'CNPJ incompleto'],
    ['11.222.333/0001-80', 'CNPJ inválido'],
    ['11.111.111/1111-11', 'CNPJ inválido'],
    ['12.ABC.345/01DE-34', 'CNPJ inválido'],
    ['12.ABC.345', 'CNPJ incompleto'],
    ['123456789012345', 'Documento inválido'],
    ['12ABC34501DE3X', 'Documento inválido'],
  ])('%s → %s', (typed, message) => {
    expect(documentMessage(typed)).toBe(message);
  });
  it.each(['529.982.247-25', '111.444.777-35', '11.222.333/0001-81', '45.283.095/0001-36', '12.ABC.345/01DE-35'])('%s is valid', (typed) => {
    expect(documentMessage(typed)).toBeUndefined();
    expect(isValidDocument(typed)).toBe(true);
  });
});

describe('formatDocument (lists and profile)', () => {
  it('formats stored CPF and CNPJ, leaves other values alone', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument('abc')).toBe('abc');
    expect(formatDocument(null)).toBe('');
  });
});

describe('CNPJ-only fields (company forms)', () => {
  it('masks numeric and alphanumeric CNPJ and checks their digits', () => {
    expect(maskitoTransform('45283095000136', cnpjMaskOptions)).toBe('45.283.095/0001-36');
    expect(maskitoTransform('12abc34501de35', cnpjMaskOptions)).toBe('12.ABC.345/01DE-35');
    expect(isValidCnpjDocument('45.283.095/0001-36')).toBe(true);
    expect(isValidCnpjDocument('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpjDocument('12.ABC.345/01DE-34')).toBe(false);
    expect(isValidCnpjDocument('529.982.247-25')).toBe(false);
  });
});
