import { describe, expect, it } from 'vitest';
import { MENU } from '@/app/menu';
import { isMenuItemActive, menuUserType, visibleMenu as visibleMenuOf } from '@/lib/navigation/menu';
import type { PermissionTree } from '@/lib/permissions';

/** Builds a tree from `api.controller.action` strings (users-permissions written as `up`). */
function treeOf(...actions: string[]): PermissionTree {
  const tree: PermissionTree = {};
  for (const a of actions) {
    const [api, controller, action] = a.split('.') as [string, string, string];
    const key = api === 'up' ? 'plugin::users-permissions' : `api::${api}`;
    const controllers = (tree[key] ??= { controllers: {} }).controllers;
    (controllers[controller] ??= {})[action] = { enabled: true, policy: '' };
  }
  return tree;
}
const visibleMenu = (type: string, tree: PermissionTree) => visibleMenuOf(type, tree, MENU);
const labels = (type: string, tree: PermissionTree) => visibleMenu(type, tree).flatMap((g) => g.items.map((i) => i.label));
const groups = (type: string, tree: PermissionTree) => visibleMenu(type, tree).map((g) => g.group);

const everything = treeOf(
  'up.user.me',
  'up.user.find',
  'up.role.createRole',
  'sales-order.sales-order.find',
  'receivable.receivable.find',
  'company.company.find',
  'customer.customer.find',
  'payment-method.payment-method.find',
  'vehicle-type.vehicle-type.find',
  'sales-item.sales-item.find',
  'state.state.find',
);

describe('sidebar filtering (spec 000 §2.2)', () => {
  it('shows all five groups and every item to an administrator holding every permission', () => {
    expect(groups('admin', everything)).toEqual(['PRINCIPAL', 'PEDIDOS E SERVIÇOS', 'FINANCEIRO', 'CADASTROS', 'ADMINISTRAÇÃO']);
    expect(labels('admin', everything)).toEqual([
      'Dashboard',
      'Pedidos',
      'Contas a Receber',
      'Contas a Pagar',
      'Despachantes',
      'Concessionárias',
      'Clientes',
      'Meios de Pagamento',
      'Tipos de Veículo',
      'Itens para Venda',
      'Usuários',
      'Perfis de acesso',
      'Estados',
      'Tipos de Documento',
    ]);
  });

  it('hides Despachantes from a concessionária (type company or concessionaria) even with company find', () => {
    expect(labels('company', everything)).not.toContain('Despachantes');
    expect(labels('concessionaria', everything)).not.toContain('Despachantes');
    expect(labels('company', everything)).toContain('Concessionárias');
    expect(labels('dispatcher', everything)).toContain('Despachantes');
  });

  it('shows only what the role holds, and drops empty groups', () => {
    const seller = treeOf('up.user.me', 'sales-order.sales-order.find', 'customer.customer.find');
    expect(labels('salesman', seller)).toEqual(['Dashboard', 'Pedidos', 'Clientes']);
    expect(groups('salesman', seller)).toEqual(['PRINCIPAL', 'PEDIDOS E SERVIÇOS', 'CADASTROS']);
  });

  it('shows Contas a Receber and Contas a Pagar together with receivable find, both to /receivables', () => {
    const t = treeOf('receivable.receivable.find');
    const fin = visibleMenu('dispatcher', t).find((g) => g.group === 'FINANCEIRO');
    expect(fin?.items.map((i) => [i.label, i.to])).toEqual([
      ['Contas a Receber', '/receivables'],
      ['Contas a Pagar', '/receivables'],
    ]);
  });

  it('gates Tipos de Documento and Estados on state find, Perfis de acesso on role createRole', () => {
    expect(labels('admin', treeOf('state.state.find'))).toEqual(['Estados', 'Tipos de Documento']);
    expect(labels('admin', treeOf('up.role.createRole'))).toEqual(['Perfis de acesso']);
  });

  it('honours requiresAdmin and allowed types on an item', () => {
    const items = [
      { ...MENU[0]!, key: 'a', label: 'Só admin', requiresAdmin: true },
      { ...MENU[0]!, key: 'b', label: 'Só despachante', allowedTypes: ['dispatcher'] as const },
    ];
    const t = treeOf('up.user.me');
    expect(visibleMenuOf('admin', t, items).flatMap((g) => g.items.map((i) => i.label))).toEqual(['Só admin']);
    expect(visibleMenuOf('dispatcher', t, items).flatMap((g) => g.items.map((i) => i.label))).toEqual(['Só despachante']);
    expect(visibleMenuOf('salesman', t, items)).toEqual([]);
  });

  it('shows nothing without permissions', () => {
    expect(visibleMenuOf('admin', null, MENU)).toEqual([]);
  });

  it('reads company and concessionaria as the same user type', () => {
    expect(menuUserType('company')).toBe('concessionaria');
    expect(menuUserType('concessionaria')).toBe('concessionaria');
    expect(menuUserType(undefined)).toBe('salesman');
  });
});

describe('active item (spec 000 §2.2)', () => {
  it.each([
    ['/users', '/users', true],
    ['/users', '/users/', true],
    ['/users', '/user/5', true],
    ['/users', '/user/new', true],
    ['/users', '/userx', false],
    ['/companies', '/company/abc', true],
    ['/sales-orders', '/sales-order/abc/details', true],
    ['/despachantes', '/despachante/abc/edit-lojas', true],
    ['/receivables', '/receivables/12', true],
    ['/document-type', '/document-type/new', true],
    ['/', '/', true],
    ['/', '/users', false],
    ['/sales-items', '/sales-orders', false],
  ])('%s active at %s: %s', (item, path, active) => {
    expect(isMenuItemActive(item, path)).toBe(active);
  });
});
