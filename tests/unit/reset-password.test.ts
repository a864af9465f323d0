import { describe, expect, it } from 'vitest';
import { resetPasswordError } from '@/features/auth/reset-password-schema';

describe('reset-password form (spec 000 §5 password texts, §9 minimum 6)', () => {
  it('asks for both fields', () => {
    expect(resetPasswordError({ password: '', passwordConfirmation: '' }, 'password')).toBe('Por favor, preencha todos os campos de senha.');
    expect(resetPasswordError({ password: 'abcdef', passwordConfirmation: '' }, 'password')).toBe('Por favor, preencha todos os campos de senha.');
  });
  it('refuses fewer than 6 characters', () => {
    expect(resetPasswordError({ password: 'abc12', passwordConfirmation: 'abc12' }, 'password')).toBe('Senha deve ter pelo menos 6 caracteres');
  });
  it('puts a mismatch on the confirmation', () => {
    expect(resetPasswordError({ password: 'abcdef', passwordConfirmation: 'abcdeg' }, 'passwordConfirmation')).toBe('As novas senhas não coincidem.');
    expect(resetPasswordError({ password: 'abcdef', passwordConfirmation: 'abcdeg' }, 'password')).toBeUndefined();
  });
  it('accepts a matching pair', () => {
    expect(resetPasswordError({ password: 'Balcao@2026', passwordConfirmation: 'Balcao@2026' }, 'password')).toBeUndefined();
    expect(resetPasswordError({ password: 'Balcao@2026', passwordConfirmation: 'Balcao@2026' }, 'passwordConfirmation')).toBeUndefined();
  });
});
