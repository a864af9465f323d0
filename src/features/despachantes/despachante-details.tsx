import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-dialog';
import { Icon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api';
import { formatDocument } from '@/lib/document';
import { formatPhoneNumber } from '@/lib/format';
import { hasPermission } from '@/lib/permissions';
import { isAdministrator, useSession } from '@/lib/session';
import { ADMIN_ONLY_REASONS } from '@/shared/admin-only';
import { NotADispatcherError } from '@/shared/companies';
import { deleteAgreement, deleteDispatcher, dispatcherKeys, dispatcherQueries, saveAgreementIncentives } from './api';
import { despachanteResource } from './resource';
import { LINK_TEXTS, agreementCompanyName, formatPercent, type Agreement, type Dispatcher, type Incentives } from './schema';

// 'Gerenciar Concessionárias' (Ark Dialog and Combobox) loads when opened.
const ManageDialog = lazy(() => import('./manage-dealerships-dialog').then((m) => ({ default: m.ManageDialog })));
// A row's inline incentives form (TanStack Form) loads with the first 'Editar'.
const IncentivesForm = lazy(() => import('./incentives-form').then((m) => ({ default: m.IncentivesForm })));

const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' });
const cardTitle = css({ fontSize: 'lg', fontWeight: 'semibold' });
const fields = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
  gap: '3',
  '& dt': { fontSize: 'sm', color: 'fg.muted' },
});
const rowClass = css({ borderTopWidth: '1px', borderColor: 'border', pt: '3', display: 'grid', gap: '2', minW: '0' });
const muted = css({ color: 'fg.muted', fontSize: 'sm', overflowWrap: 'anywhere' });

/**
 * /despachante/{id}/details (spec 001 §2 "Dispatchers", §5, §7 "Agreements", §8 "Dispatcher
 * links"): the dispatcher's trade name as title (back to /despachantes), 'Dados cadastrais'
 * (Nome fantasia, Razão Social, CNPJ, Editar, Excluir) and 'Concessionárias': the linked dealerships with
 * e-mail, 'Telefone: ...' and both incentives (a tooltip of the same), each row switching between
 * view and inline edit, and removable; 'Gerenciar' opens 'Gerenciar Concessionárias'. Texts:
 * 'Carregando...', 'Despachante não encontrado.', 'Registro encontrado não é um despachante.',
 * 'Nenhuma concessionária vinculada.' with its hint.
 */
export function DespachanteDetails({ id }: { id: string }) {
  const detail = useQuery(dispatcherQueries.detail(id));
  const back = (
    <Link to="/despachantes" search={{ page: 1, pageSize: 10 }} className={css({ color: 'primary.700', fontSize: 'sm' })}>
      ← Voltar
    </Link>
  );
  const title = <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Despachante</h1>;
  if (detail.isPending)
    return (
      <div className={css({ display: 'grid', gap: '3' })}>
        {title}
        <p>Carregando...</p>
      </div>
    );
  if (detail.isError) {
    const text =
      detail.error instanceof NotADispatcherError
        ? detail.error.message
        : isApiError(detail.error) && detail.error.status === 404
          ? 'Despachante não encontrado.'
          : detail.error.message;
    return (
      <div className={css({ display: 'grid', gap: '3' })}>
        <div className={header}>
          {title}
          {back}
        </div>
        <p role="alert">{text}</p>
      </div>
    );
  }
  const d = detail.data;
  return (
    <div className={css({ display: 'grid', gap: '4', minW: '0' })}>
      <div className={header}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', overflowWrap: 'anywhere' })}>{d.trade_name}</h1>
        {back}
      </div>
      <section aria-labelledby="dados-cadastrais" className={cardClass}>
        <div className={header}>
          <h2 id="dados-cadastrais" className={cardTitle}>
            Dados cadastrais
          </h2>
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
            <Link to="/despachante/$id" params={{ id: d.documentId }} className={css({ color: 'primary.700' })}>
              Editar
            </Link>
            <DeleteDispatcher dispatcher={d} />
          </div>
        </div>
        <dl className={fields}>
          <div>
            <dt>Nome fantasia</dt>
            <dd>{d.trade_name}</dd>
          </div>
          <div>
            <dt>Razão Social</dt>
            <dd>{d.legal_name || '—'}</dd>
          </div>
          <div>
            <dt>CNPJ</dt>
            <dd>{formatDocument(d.cnpj)}</dd>
          </div>
        </dl>
      </section>
      <AgreementsCard dispatcher={d} />
    </div>
  );
}

/**
 * Excluir on the details page (DELETE /companies/deleteDispatcher/{documentId}, spec 001 §7: the
 * dispatcher, its agreements and its login) for holders of company delete, after the shared
 * confirmation; then back to /despachantes. Texts on the dealership's pattern (docs/decisions.md).
 * The server deletes dispatchers for administrators only: others see it disabled with the reason,
 * and a refused call shows the server's message.
 */
function DeleteDispatcher({ dispatcher }: { dispatcher: Dispatcher }) {
  const { permissions, user } = useSession();
  const reasonId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteDispatcher(dispatcher.documentId),
    meta: {
      successTitle: 'Despachante excluído',
      successMessage: 'Registro removido com sucesso.',
      errorMessage: 'Não foi possível excluir o despachante.',
      useServerMessage: 'refusal',
    },
    onSuccess: async () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: dispatcherKeys.detail(dispatcher.documentId) });
      await queryClient.invalidateQueries({ queryKey: dispatcherKeys.list() });
      await navigate({ to: '/despachantes', search: { page: 1, pageSize: 10 } });
    },
    onError: () => setConfirming(false),
  });
  if (!hasPermission(permissions, despachanteResource.permission('delete'))) return null;
  if (!isAdministrator(user)) {
    const reason = ADMIN_ONLY_REASONS.deleteDispatcher;
    return (
      <>
        <Button variant="ghost" size="sm" aria-disabled="true" aria-describedby={reasonId} title={reason}>
          <Icon name="trash" /> Excluir
        </Button>
        <span id={reasonId} className={css({ srOnly: true })}>
          {reason}
        </span>
      </>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        <Icon name="trash" /> Excluir
      </Button>
      <ConfirmDeleteDialog open={confirming} onOpenChange={setConfirming} onConfirm={() => remove.mutate()} busy={remove.isPending} />
    </>
  );
}

/** The 'Concessionárias' card: the dispatcher's agreements and the 'Gerenciar' dialog. */
function AgreementsCard({ dispatcher }: { dispatcher: Dispatcher }) {
  const { permissions } = useSession();
  const canManage = hasPermission(permissions, despachanteResource.permission('update'));
  const userId = dispatcher.user_id?.id;
  const agreements = useQuery({ ...dispatcherQueries.agreements(userId ?? 0), enabled: Boolean(userId) });
  const [managing, setManaging] = useState(false);
  const rows = agreements.data ?? [];
  return (
    <section aria-labelledby="concessionarias" className={cardClass}>
      <div className={header}>
        <h2 id="concessionarias" className={cardTitle}>
          Concessionárias
        </h2>
        {canManage ? (
          <Button variant="outline" size="sm" onClick={() => setManaging(true)}>
            Gerenciar
          </Button>
        ) : null}
      </div>
      {userId && agreements.isLoading ? (
        <p>Carregando...</p>
      ) : rows.length === 0 ? (
        <div>
          <p>Nenhuma concessionária vinculada.</p>
          <p className={muted}>Clique em Gerenciar para vincular concessionárias a este despachante.</p>
        </div>
      ) : (
        <ul aria-label="Concessionárias vinculadas" className={css({ display: 'grid', gap: '3', listStyle: 'none' })}>
          {rows.map((a) => (
            <AgreementRow key={a.documentId} agreement={a} dispatcherUserId={userId ?? 0} canManage={canManage} />
          ))}
        </ul>
      )}
      {managing ? (
        <Suspense fallback={null}>
          <ManageDialog dispatcher={dispatcher} onClose={() => setManaging(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** One linked dealership: view mode, or inline edit of both incentives with Salvar; remove. */
function AgreementRow({ agreement, dispatcherUserId, canManage }: { agreement: Agreement; dispatcherUserId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const company = agreement.user_company_id as { email?: string | null; phone_number?: string | null } | null;
  const name = agreementCompanyName(agreement);
  const refresh = () => queryClient.invalidateQueries({ queryKey: dispatcherKeys.all() });
  const save = useMutation({
    mutationFn: (values: Incentives) => saveAgreementIncentives(agreement, dispatcherUserId, values),
    meta: { errorMessage: LINK_TEXTS.incentivesFailed, useServerMessage: false },
    onSuccess: async (outcome) => {
      toast({ title: 'Sucesso', description: outcome === 'created' ? LINK_TEXTS.incentivesCreated : LINK_TEXTS.incentivesUpdated });
      await refresh();
      setEditing(false);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteAgreement(agreement.documentId),
    meta: { successMessage: LINK_TEXTS.linkRemoved, errorMessage: LINK_TEXTS.linkRemoveFailed, useServerMessage: false },
    onSuccess: () => refresh(),
    onSettled: () => setConfirming(false),
  });
  const incentives = `Incentivo despachante: ${formatPercent(agreement.dispatcher_profit_percentage)} · Incentivo concessionária: ${formatPercent(agreement.company_profit_percentage)}`;
  return (
    <li className={rowClass} aria-label={name}>
      <div className={header}>
        <strong className={css({ overflowWrap: 'anywhere' })}>{name}</strong>
        {canManage ? (
          <div className={css({ display: 'flex', gap: '1' })}>
            {!editing ? (
              <Button variant="ghost" size="sm" aria-label={`Editar incentivos de ${name}`} title="Editar" onClick={() => setEditing(true)}>
                <Icon name="pencil" />
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" aria-label={`Remover ${name}`} title="Remover" onClick={() => setConfirming(true)}>
              <Icon name="trash" />
            </Button>
          </div>
        ) : null}
      </div>
      {company?.email ? <span className={muted}>{company.email}</span> : null}
      {company?.phone_number ? <span className={muted}>Telefone: {formatPhoneNumber(company.phone_number)}</span> : null}
      {editing ? (
        <Suspense fallback={null}>
          <IncentivesForm agreement={agreement} saving={save.isPending} onSave={(values) => save.mutateAsync(values)} onCancel={() => setEditing(false)} />
        </Suspense>
      ) : (
        <span className={muted} title={incentives}>
          {incentives}
        </span>
      )}
      <ConfirmDeleteDialog open={confirming} onOpenChange={setConfirming} onConfirm={() => remove.mutate()} busy={remove.isPending} />
    </li>
  );
}
