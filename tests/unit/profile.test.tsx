import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { passwordFormSchema, profileFormSchema, profileFormToPayload } from '@/features/profile/schema';
import { can, renderRoute } from './helpers/render-route';

/** /profile (spec 000 §2.8, §5 "Password change", §7 PUT /users/{id}, §9 notification defaults). */
describe('profile schemas', () => {
  const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

  it('password change: the three messages of the spec', () => {
    expect(messages(passwordFormSchema.safeParse({ currentPassword: '', password: 'abcdef', passwordConfirmation: 'abcdef' }))).toEqual([
      'currentPassword: Por favor, informe sua senha atual.',
    ]);
    expect(messages(passwordFormSchema.safeParse({ currentPassword: 'x', password: 'abcdef', passwordConfirmation: '' }))).toEqual([
      'passwordConfirmation: Por favor, preencha todos os campos de senha.',
    ]);
    expect(messages(passwordFormSchema.safeParse({ currentPassword: 'x', password: 'abcdef', passwordConfirmation: 'abcdeg' }))).toEqual([
      'passwordConfirmation: As novas senhas não coincidem.',
    ]);
    expect(messages(passwordFormSchema.safeParse({ currentPassword: 'x', password: 'abcdef', passwordConfirmation: 'abcdef' }))).toEqual([]);
  });

  it('profile: sends name, email, phoneNumber, blocked; currentPassword only when the e-mail changes', () => {
    const values = { name: ' Ana ', email: 'ana@x.com', phoneNumber: '11999998888', blocked: false, currentPassword: 'ignored' };
    expect(profileFormToPayload('ANA@x.com', values)).toEqual({ name: 'Ana', email: 'ana@x.com', phoneNumber: '11999998888', blocked: false });
    expect(profileFormToPayload('old@x.com', values)).toEqual({
      name: 'Ana',
      email: 'ana@x.com',
      phoneNumber: '11999998888',
      blocked: false,
      currentPassword: 'ignored',
    });
    expect(messages(profileFormSchema('old@x.com').safeParse({ ...values, currentPassword: '' }))).toEqual([
      'currentPassword: Por favor, informe sua senha atual.',
    ]);
  });
});

describe('/profile over the real route tree', () => {
  it('shows initials, name, role, the three tabs and the password messages', async () => {
    await renderRoute('/profile', { permissions: can('users-permissions', ['me'], true), user: { name: 'Ana Maria Admin', email: 'ana@x.com' } });
    expect(await screen.findByRole('heading', { name: 'Perfil' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('AA');
    const side = screen.getByRole('region', { name: 'Usuário' });
    expect(within(side).getByText('Ana Maria Admin')).toBeInTheDocument();
    expect(within(side).getByText('Administrador')).toBeInTheDocument();
    expect(within(side).getByRole('button', { name: 'Editar Foto' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome/)).toHaveValue('Ana Maria Admin');
    expect(screen.getByRole('switch', { name: 'Usuário Ativo' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Usuário Ativo' })).toBeEnabled();
    expect(screen.getByRole('switch', { name: 'Usuário Ativo' })).not.toHaveAccessibleDescription();

    const user = userEvent.setup();
    // the current-password field shows only when the e-mail differs
    expect(screen.queryByLabelText(/Senha atual/)).toBeNull();
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'novo@x.com');
    expect(screen.getByLabelText(/Senha atual/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Por favor, informe sua senha atual.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Segurança' }));
    const panel = within(await screen.findByRole('tabpanel', { name: 'Segurança' }));
    await user.click(panel.getByRole('button', { name: 'Alterar Senha' }));
    expect(await panel.findByText('Por favor, informe sua senha atual.')).toBeInTheDocument();
    expect(panel.getByText('Por favor, preencha todos os campos de senha.')).toBeInTheDocument();
    await user.type(panel.getByLabelText('Senha atual'), 'velha123');
    await user.type(panel.getByLabelText('Nova senha'), 'nova1234');
    await user.type(panel.getByLabelText('Confirmar nova senha'), 'nova12345');
    await user.click(panel.getByRole('button', { name: 'Alterar Senha' }));
    expect(await panel.findByText('As novas senhas não coincidem.')).toBeInTheDocument();
  }, 30_000);

  it('a non-administrator sees the active switch disabled, with the reason as its description', async () => {
    await renderRoute('/profile', {
      permissions: can('users-permissions', ['me', 'update'], true),
      user: { name: 'Vera Vendedora', type: 'salesman', role: { id: 6, name: 'Vendedor', type: 'vendedor' } },
    });
    const active = await screen.findByRole('switch', { name: 'Usuário Ativo' });
    expect(active).toBeChecked();
    expect(active).toBeDisabled();
    expect(active).toHaveAccessibleDescription('Apenas administradores podem bloquear ou desbloquear usuários.');
    expect(screen.getByText('Apenas administradores podem bloquear ou desbloquear usuários.')).toBeVisible();
  });

  it('Notificações: all on but the newsletter; Salvar Preferências confirms locally', async () => {
    await renderRoute('/profile', { permissions: can('users-permissions', ['me'], true), user: { name: '' } });
    expect(await screen.findByTestId('profile-avatar')).toHaveTextContent('U');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Notificações' }));
    expect(await screen.findByRole('switch', { name: 'Novos clientes' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Atualizações de status' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Alertas de comissão' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Salvar Preferências' }));
    expect(await screen.findByText('Suas preferências de notificação foram salvas.')).toBeInTheDocument();
  }, 30_000);
});
