import { Tabs } from '@ark-ui/react/tabs';
import { useMutation } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { SubmitForm, useAppForm } from '@/components/form';
import { useMaskedAppForm } from '@/components/form/masked-form';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { isAdministrator, session, useSession, userInitials, type SessionUser } from '@/lib/session';
import { ADMIN_ONLY_REASONS } from '@/shared/admin-only';
import { changePassword, updateProfile } from './api';
import { EndAllSessions } from './end-all-sessions';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCES,
  emailChanged,
  emptyPasswordForm,
  passwordFormSchema,
  profileFormSchema,
  profileFormToPayload,
  type NotificationPreferences,
  type PasswordFormValues,
  type ProfileFormValues,
} from './schema';

const layout = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '16rem 1fr' }, alignItems: 'start' });
const side = css({ display: 'grid', justifyItems: 'center', gap: '2', textAlign: 'center' });
const avatar = css({
  w: '20',
  h: '20',
  borderRadius: 'full',
  bg: 'primary.500',
  color: 'white',
  display: 'grid',
  placeItems: 'center',
  fontSize: '2xl',
  fontWeight: 'bold',
});
const tabList = css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border', mb: '3', overflowX: 'auto' });
const tabTrigger = css({
  px: '3',
  py: '2',
  fontWeight: 'medium',
  color: 'fg.muted',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  cursor: 'pointer',
  _selected: { color: 'fg', borderColor: 'primary.500' },
});
const formGrid = css({ display: 'grid', gap: '3', maxW: '32rem' });

/**
 * /profile (spec 000 §2.8, §5 "Password change", §7, §8): the signed-in user's avatar (initials
 * or U), name, role name and an 'Editar Foto' button that does nothing; tabs Perfil (name, email,
 * phone, active switch — disabled with its reason for non-administrators —, read-only role; PUT /users/{id}, then the session user is reloaded so the
 * sidebar footer follows), Segurança (POST /users/{id}/change-password; the fresh token is stored
 * so the session survives; "Sair de todos os dispositivos", end-all-sessions.tsx) and Notificações (local toggles, 'Salvar Preferências' makes no call).
 */
export function ProfileScreen() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Perfil</h1>
      <div className={layout}>
        <section className={`${cardClass} ${side}`} aria-label="Usuário">
          <div className={avatar} aria-hidden="true" data-testid="profile-avatar">
            {userInitials(user.name)}
          </div>
          <strong>{user.name || user.username}</strong>
          <span className={css({ color: 'fg.muted' })}>{user.role?.name ?? ''}</span>
          <Button variant="outline" size="sm">
            Editar Foto
          </Button>
        </section>
        <Tabs.Root defaultValue="perfil" lazyMount className={cardClass}>
          <Tabs.List className={tabList}>
            <Tabs.Trigger value="perfil" className={tabTrigger}>
              Perfil
            </Tabs.Trigger>
            <Tabs.Trigger value="seguranca" className={tabTrigger}>
              Segurança
            </Tabs.Trigger>
            <Tabs.Trigger value="notificacoes" className={tabTrigger}>
              Notificações
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="perfil">
            <ProfileTab key={user.id} user={user} />
          </Tabs.Content>
          <Tabs.Content value="seguranca">
            <SecurityTab userId={user.id} />
            <EndAllSessions userId={user.id} />
          </Tabs.Content>
          <Tabs.Content value="notificacoes">
            <NotificationsTab />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  );
}

function ProfileTab({ user }: { user: SessionUser }) {
  const originalEmail = user.email ?? '';
  const save = useMutation({
    mutationFn: async (values: ProfileFormValues) => {
      await updateProfile(user.id, profileFormToPayload(originalEmail, values));
      await session.refreshUser();
    },
    // the spec's fixed failure text; a refusal (the active switch moved by a session gone stale) reads the server's reason
    meta: { successMessage: 'Perfil atualizado', errorMessage: 'Não foi possível atualizar o perfil. Tente novamente.', useServerMessage: 'refusal' },
    onSuccess: () => form.setFieldValue('currentPassword', ''),
  });
  const phone = (user.phone_number ?? (user as { phoneNumber?: string | null }).phoneNumber ?? '').replace(/\D/g, '');
  const form = useMaskedAppForm({
    defaultValues: {
      name: user.name ?? '',
      email: originalEmail,
      phoneNumber: phone,
      blocked: Boolean(user.blocked),
      currentPassword: '',
    } as ProfileFormValues,
    validators: { onSubmit: profileFormSchema(originalEmail) },
    onSubmit: ({ value }) => save.mutateAsync(value).catch(() => undefined),
  });
  const email = useStore(form.store, (s) => s.values.email);
  const role = user.role ? `${user.role.name}${user.role.type ? ` (${user.role.type})` : ''}` : '';
  const admin = isAdministrator(user);
  return (
    <form.AppForm>
      <SubmitForm onSubmit={form.handleSubmit} className={formGrid}>
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required maxLength={200} />}</form.AppField>
        <form.AppField name="email">{(f) => <f.TextField label="Email" type="email" required autoComplete="email" />}</form.AppField>
        {emailChanged(originalEmail, email) ? (
          <form.AppField name="currentPassword">
            {(f) => (
              <f.TextField
                label="Senha atual"
                type="password"
                required
                autoComplete="current-password"
                helper="Para alterar o e-mail, informe sua senha atual."
              />
            )}
          </form.AppField>
        ) : null}
        <form.AppField name="phoneNumber">{(f) => <f.PhoneField label="Telefone" />}</form.AppField>
        <form.AppField name="blocked">
          {(f) => (
            <Switch
              label="Usuário Ativo"
              checked={!f.state.value}
              onChange={(on) => f.handleChange(!on)}
              // the server keeps `blocked` to administrators: others see why the switch does not move
              disabled={!admin}
              description={admin ? undefined : ADMIN_ONLY_REASONS.blockUser}
              showDescription
            />
          )}
        </form.AppField>
        <label className={css({ display: 'grid', gap: '1' })}>
          <span className={css({ fontWeight: 'medium', fontSize: 'sm' })}>Permissão</span>
          <input readOnly value={role} className={css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md', px: '3', py: '2', bg: 'bg.canvas' })} />
        </label>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </div>
      </SubmitForm>
    </form.AppForm>
  );
}

function SecurityTab({ userId }: { userId: number }) {
  const change = useMutation({
    mutationFn: (values: PasswordFormValues) => changePassword(userId, values),
    meta: {
      successMessage: 'Senha alterada',
      errorMessage: 'Não foi possível alterar a senha. Verifique se a senha atual está correta.',
      useServerMessage: false,
    },
    onSuccess: (jwt) => {
      if (jwt) session.replaceToken(jwt);
      form.reset(emptyPasswordForm);
    },
  });
  const form = useAppForm({
    defaultValues: emptyPasswordForm,
    validators: { onSubmit: passwordFormSchema },
    onSubmit: ({ value }) => change.mutateAsync(value).catch(() => undefined),
  });
  return (
    <form.AppForm>
      <SubmitForm onSubmit={form.handleSubmit} className={formGrid}>
        <form.AppField name="currentPassword">{(f) => <f.TextField label="Senha atual" type="password" autoComplete="current-password" />}</form.AppField>
        <form.AppField name="password">{(f) => <f.TextField label="Nova senha" type="password" autoComplete="new-password" />}</form.AppField>
        <form.AppField name="passwordConfirmation">
          {(f) => <f.TextField label="Confirmar nova senha" type="password" autoComplete="new-password" />}
        </form.AppField>
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Salvando...' : 'Alterar Senha'}
          </Button>
        </div>
      </SubmitForm>
    </form.AppForm>
  );
}

function NotificationsTab() {
  const [prefs, setPrefs] = useState<NotificationPreferences>(DEFAULT_NOTIFICATION_PREFERENCES);
  return (
    <div className={formGrid}>
      {NOTIFICATION_PREFERENCES.map((p) => (
        <Switch key={p.key} label={p.label} checked={prefs[p.key]} onChange={(on) => setPrefs((prev) => ({ ...prev, [p.key]: on }))} />
      ))}
      <div>
        <Button onClick={() => toast({ title: 'Preferências salvas', description: 'Suas preferências de notificação foram salvas.' })}>
          Salvar Preferências
        </Button>
      </div>
    </div>
  );
}
