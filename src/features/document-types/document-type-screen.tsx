import { lazy, Suspense } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { listPage, tableCell } from 'styled-system/recipes';
import { listQueryView, NOTHING_OFFLINE_TEXT } from '@/components/layout/list/list-state';
import { ExportMenu } from '@/components/layout/list/export-menu';
import type { ExportColumnSpec } from '@/components/layout/list/export-columns';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { useSession } from '@/lib/session';
import { deleteDocumentType, documentTypeKeys, documentTypeRecordQueries } from './api';
import { partyName, type DocumentTypeRecord } from './schema';

// The modal (Ark Dialog, TanStack Form, the users' selects) loads when /new or /{id} opens it,
// not with the list.
const DocumentTypeModal = lazy(() => import('./document-type-form').then((m) => ({ default: m.DocumentTypeModal })));

/**
 * /document-type 'Tipos de Documento' (spec 000 §2.10, §5 "Document type form", §7, §8): the
 * table Nome, Despachante, Concessionária with delete (browser confirmation) and its empty
 * text; /document-type/new and /document-type/{documentId} open the 'Novo Tipo de Documento' /
 * 'Editar Tipo de Documento' modal over it (a row's Editar goes there too).
 */
/** The table's columns as 'Exportar' writes them (a party without a name reads '-', as partyName). */
const EXPORT_COLUMNS: ExportColumnSpec[] = [
  { header: 'Nome', value: 'name' },
  { header: 'Despachante', value: 'user_dispatcher_id', format: 'person', fallback: '-' },
  { header: 'Concessionária', value: 'user_company_id', format: 'person', fallback: '-' },
];

export function DocumentTypeScreen({ id, modal }: { id?: string; modal?: 'new' | 'edit' }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companyUserId = user?.type === 'company' ? user.id : null;
  const list = listQueryView(useQuery(documentTypeRecordQueries.list(companyUserId)));
  const remove = useMutation({
    mutationFn: (t: DocumentTypeRecord) => deleteDocumentType(t.documentId),
    meta: { successMessage: 'Tipo de documento excluído com sucesso', errorMessage: 'Erro ao excluir tipo de documento.', useServerMessage: false },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentTypeKeys.all() }),
  });
  const close = () => void navigate({ to: '/document-type' });
  const s = listPage();
  const rows = list.data ?? [];
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Tipos de Documento</h1>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', marginLeft: 'auto' })}>
          {/* the table's query (a dealership: its own types; the server's scope does the rest), every row */}
          <ExportMenu
            request={{
              path: '/document-types',
              query: {
                sort: ['name:asc'],
                populate: ['user_dispatcher_id', 'user_company_id'],
                ...(companyUserId ? { filters: { user_company_id: { id: { $eq: companyUserId } } } } : {}),
              },
            }}
            columns={EXPORT_COLUMNS}
            title="Tipos de Documento"
            total={rows.length}
          />
          <Button onClick={() => void navigate({ to: '/document-type/new' })}>
            <Icon name="plus" /> Novo
          </Button>
        </div>
      </div>
      <div className={s.tableScroll}>
        <table className={s.table}>
          <thead>
            <tr>
              <th className={tableCell()}>Nome</th>
              <th className={tableCell()}>Despachante</th>
              <th className={tableCell()}>Concessionária</th>
              <th className={tableCell()}>
                <span className={css({ srOnly: true })}>Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isLoading ? (
              <tr>
                <td colSpan={4} className={s.empty}>
                  Carregando...
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={4} className={s.empty}>
                  {list.nothingOffline ? NOTHING_OFFLINE_TEXT : 'Nenhum tipo de documento cadastrado.'}
                </td>
              </tr>
            ) : (
              rows.map((t) => (
                <tr key={t.documentId}>
                  <td className={tableCell({ wrap: true })}>{t.name}</td>
                  <td className={tableCell({ wrap: true })}>{partyName(t.user_dispatcher_id)}</td>
                  <td className={tableCell({ wrap: true })}>{partyName(t.user_company_id)}</td>
                  <td className={tableCell()}>
                    <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label="Editar"
                        title="Editar"
                        onClick={() => void navigate({ to: '/document-type/$id', params: { id: t.documentId } })}
                      >
                        <Icon name="pencil" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label="Excluir"
                        title="Excluir"
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(`Deseja realmente excluir o tipo de documento "${t.name}"?`)) remove.mutate(t);
                        }}
                      >
                        <Icon name="trash" />
                      </Button>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {modal ? (
        <Suspense fallback={null}>
          <DocumentTypeModal id={id} modal={modal} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
