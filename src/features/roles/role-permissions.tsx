import { Accordion } from '@ark-ui/react/accordion';
import { Switch } from '@ark-ui/react/switch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { FormPage } from '@/components/layout/form-page';
import { Icon } from '@/components/ui/icons';
import type { PermissionTree } from '@/lib/permissions';
import { roleKeys, roleQueries, updateRole } from './api';
import { actionNames, completeTree, enabledCount, isApiOn, isControllerOn, matrixEntries, setAction, setApi, setController, type MatrixEntry } from './matrix';
import type { RoleDetail } from './schema';

const LOAD_ERROR_TITLE = 'Erro ao carregar permissões';
const LOAD_ERROR_TEXT = 'Não foi possível carregar as permissões do papel.';

/**
 * /role/{id}/permissions 'Manage Permissions' (spec 000 §2.7, §4 "Permission screen", §8): the
 * role's tree as an accordion API › controller › action switches (rules in ./matrix.ts).
 * Salvar reads 'Salvar permissões' once anything was toggled and 'Salvar' again after a
 * successful save (`PUT /users-permissions/roles/{id}` with name, description and the whole tree).
 * A failed load toasts 'Erro ao carregar permissões' and goes back to /roles.
 * Keyboard: Tab reaches every accordion trigger and switch; Enter or Space opens a section
 * and flips a switch.
 */
export function RolePermissions({ id }: { id: string }) {
  const query = useQuery(roleQueries.detail(id));
  if (!query.data) {
    return (
      <FormPage
        title="Manage Permissions"
        backTo={{ to: '/roles' }}
        onSubmit={() => {}}
        isLoading
        loadError={query.error ?? undefined}
        loadErrorTitle={LOAD_ERROR_TITLE}
        loadErrorDescription={LOAD_ERROR_TEXT}
      >
        {null}
      </FormPage>
    );
  }
  return <PermissionMatrix key={query.data.id} role={query.data} />;
}

function PermissionMatrix({ role }: { role: RoleDetail }) {
  const queryClient = useQueryClient();
  const [tree, setTree] = useState<PermissionTree>(() => completeTree(role.permissions));
  const [modified, setModified] = useState(false);
  const save = useMutation({
    mutationFn: (permissions: PermissionTree) => updateRole(role.id, { name: role.name, description: role.description ?? '', permissions }),
    meta: {
      successTitle: 'Permissões atualizadas',
      successMessage: 'As permissões do papel foram atualizadas com sucesso.',
      errorTitle: 'Erro ao atualizar permissões',
      errorMessage: 'Não foi possível atualizar as permissões do papel.',
      // a lock-out the server refuses (the Public role without sign-in) says why
      useServerMessage: 'refusal',
    },
    onSuccess: () => {
      setModified(false);
      void queryClient.invalidateQueries({ queryKey: roleKeys.all() });
    },
  });
  const change = (next: PermissionTree) => {
    setTree(next);
    setModified(true);
  };
  const entries = matrixEntries(tree);

  return (
    <FormPage
      title="Manage Permissions"
      backTo={{ to: '/roles' }}
      onSubmit={() => save.mutateAsync(tree).then(undefined, () => undefined)}
      isSubmitting={save.isPending}
      submitLabel={modified ? 'Salvar permissões' : 'Salvar'}
    >
      <div className={css({ gridColumn: '1 / -1', display: 'flex', flexDir: 'column', gap: '3', minW: 0 })}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          Papel: <strong>{role.name}</strong>
          {role.description ? ` — ${role.description}` : null}
        </p>
        {entries.length === 0 ? (
          <div role="status" className={css({ py: '6', textAlign: 'center' })}>
            <p className={css({ fontWeight: 'semibold' })}>No permissions found</p>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>This role has no configured permissions.</p>
          </div>
        ) : (
          <Accordion.Root multiple collapsible lazyMount unmountOnExit className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
            {entries.map((entry) => (
              <ApiSection key={entry.id} entry={entry} tree={tree} onChange={change} />
            ))}
          </Accordion.Root>
        )}
      </div>
    </FormPage>
  );
}

const itemBox = css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md', bg: 'bg.surface', minW: 0 });
const headerRow = css({ display: 'flex', alignItems: 'center', gap: '2', px: '2', minH: '11' });
const trigger = css({
  flex: '1',
  minW: 0,
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  textAlign: 'left',
  py: '2',
  px: '1',
  minH: '11',
  cursor: 'pointer',
  fontWeight: 'medium',
  overflowWrap: 'anywhere',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '1px' },
  '& svg': { transition: 'transform 0.15s', flexShrink: 0 },
  '&[data-state=open] svg': { transform: 'rotate(90deg)' },
});
const countBadge = css({ ml: 'auto', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal', whiteSpace: 'nowrap' });

/** One API: its trigger, the API switch (all its actions) and, when open, its controllers. */
function ApiSection({ entry, tree, onChange }: { entry: MatrixEntry; tree: PermissionTree; onChange: (t: PermissionTree) => void }) {
  const controllers = Object.keys(tree[entry.apiKey]?.controllers ?? {});
  const count = enabledCount(tree, entry.apiKey);
  return (
    <Accordion.Item value={entry.id} className={itemBox}>
      <div className={headerRow}>
        <Accordion.ItemTrigger className={trigger}>
          <Icon name="chevronRight" size={16} />
          <span>{entry.label}</span>
          <span className={countBadge}>{count === 1 ? '1 ação' : `${count} ações`}</span>
        </Accordion.ItemTrigger>
        <PermissionSwitch
          label={`API ${entry.label}`}
          hideLabel
          checked={isApiOn(tree, entry.apiKey)}
          onChange={(on) => onChange(setApi(tree, entry.apiKey, on))}
        />
      </div>
      <Accordion.ItemContent className={css({ px: '2', pb: '2' })}>
        <Accordion.Root multiple collapsible lazyMount unmountOnExit className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          {controllers.map((controller) => (
            <Accordion.Item key={controller} value={controller} className={itemBox}>
              <div className={headerRow}>
                <Accordion.ItemTrigger className={trigger}>
                  <Icon name="chevronRight" size={16} />
                  <span>{controller}</span>
                </Accordion.ItemTrigger>
                <PermissionSwitch
                  label={`${entry.label} › ${controller}`}
                  hideLabel
                  checked={isControllerOn(tree, entry.apiKey, controller)}
                  onChange={(on) => onChange(setController(tree, entry.apiKey, controller, on))}
                />
              </div>
              <Accordion.ItemContent
                className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))', gap: '1', px: '3', pb: '2' })}
              >
                {actionNames(tree, entry.apiKey, controller).map((action) => (
                  <PermissionSwitch
                    key={action}
                    label={action}
                    context={`${entry.label} › ${controller} › `}
                    checked={tree[entry.apiKey]?.controllers[controller]?.[action]?.enabled === true}
                    onChange={(on) => onChange(setAction(tree, entry.apiKey, controller, action, on))}
                  />
                ))}
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}

const switchRoot = css({ display: 'inline-flex', alignItems: 'center', gap: '2', minH: '11', cursor: 'pointer', fontSize: 'sm', minW: 0 });
const switchControl = css({
  position: 'relative',
  w: '10',
  h: '6',
  flexShrink: 0,
  borderRadius: 'full',
  bg: 'gray.300',
  transition: 'background 0.15s',
  '&[data-state=checked]': { bg: 'primary.500' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
});
const switchThumb = css({
  position: 'absolute',
  top: '0.5',
  left: '0.5',
  w: '5',
  h: '5',
  borderRadius: 'full',
  bg: 'white',
  boxShadow: 'sm',
  transition: 'transform 0.15s',
  '&[data-state=checked]': { transform: 'translateX(16px)' },
});

/**
 * An Ark UI switch (a focusable checkbox with role="switch"): Space flips it as a checkbox does,
 * and Enter too. `context` is read by screen readers before the label ('sales-order › sales-order › find').
 */
function PermissionSwitch({
  label,
  context,
  hideLabel,
  checked,
  onChange,
}: {
  label: string;
  context?: string;
  hideLabel?: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(d) => onChange(d.checked)} className={switchRoot}>
      <Switch.Control className={switchControl}>
        <Switch.Thumb className={switchThumb} />
      </Switch.Control>
      <Switch.Label className={hideLabel ? css({ srOnly: true }) : css({ overflowWrap: 'anywhere' })}>
        {context ? <span className={css({ srOnly: true })}>{context}</span> : null}
        {label}
      </Switch.Label>
      <Switch.HiddenInput
        role="switch"
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          e.currentTarget.click();
        }}
      />
    </Switch.Root>
  );
}
