import { describe, expect, it } from 'vitest';
import { decideAccess } from '@/lib/navigation/guard';
import { ROUTE_TABLE } from '@/app/route-table';
import type { SessionState } from '@/lib/session';
import type { PermissionTree } from '@/lib/permissions';

const tree: PermissionTree = {
  'plugin::users-permissions': { controllers: { user: { me: { enabled: true }, find: { enabled: false } } } },
  'api::sales-order': { controllers: { 'sales-order': { find: { enabled: true }, findOne: { enabled: true } } } },
};
const user = { id: 7, username: '11144477735', name: 'Vendedor', type: 'salesman', role: { id: 6, name: 'Vendedor' } };
const signedIn: SessionState = { status: 'authenticated', user, permissions: tree };
const loading: SessionState = { status: 'loading', user: null, permissions: null };
const anonymous: SessionState = { status: 'anonymous', user: null, permissions: null };

describe('route guard (spec 000 §2.1 notes, §4)', () => {
  it('shows a placeholder while the session loads', () => {
    expect(decideAccess(loading, ROUTE_TABLE['/sales-orders'])).toEqual({ kind: 'loading' });
  });
  it('sends a visitor without a user to /login', () => {
    expect(decideAccess(anonymous, ROUTE_TABLE['/sales-orders'])).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess(anonymous, ROUTE_TABLE['/'])).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('sends a user whose permissions are not loaded to /login', () => {
    expect(decideAccess({ status: 'authenticated', user, permissions: null }, ROUTE_TABLE['/sales-orders'])).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('sends a user lacking the route permission to /', () => {
    expect(decideAccess(signedIn, ROUTE_TABLE['/users'])).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(signedIn, ROUTE_TABLE['/sales-order/new'])).toEqual({ kind: 'redirect', to: '/' });
  });
  it('lets a user holding the permission in', () => {
    expect(decideAccess(signedIn, ROUTE_TABLE['/sales-orders'])).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn, ROUTE_TABLE['/sales-order/$id/details'])).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn, ROUTE_TABLE['/profile'])).toEqual({ kind: 'allow' });
  });
  it('opens routes without a gate to any signed-in user (/, /document-type)', () => {
    expect(decideAccess(signedIn, ROUTE_TABLE['/'])).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn, ROUTE_TABLE['/document-type'])).toEqual({ kind: 'allow' });
  });
  it('redirects an authenticated visitor of /login to /, and lets others see it', () => {
    expect(decideAccess(signedIn, ROUTE_TABLE['/login'])).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(anonymous, ROUTE_TABLE['/login'])).toEqual({ kind: 'allow' });
  });
  it('a disabled action counts as missing', () => {
    const disabled: SessionState = { ...signedIn, permissions: { 'api::sales-order': { controllers: { 'sales-order': { find: { enabled: false } } } } } };
    expect(decideAccess(disabled, ROUTE_TABLE['/sales-orders'])).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('route table (spec 000 §2.1, 001 §6)', () => {
  it('gates each route with the spec triple', () => {
    expect(ROUTE_TABLE['/roles'].permission).toEqual({ api: 'users-permissions', controller: 'role', action: 'createRole' });
    expect(ROUTE_TABLE['/role/$id'].permission).toEqual({ api: 'users-permissions', controller: 'role', action: 'findOne' });
    expect(ROUTE_TABLE['/role/$id/permissions'].permission?.action).toBe('updateRole');
    expect(ROUTE_TABLE['/despachantes'].permission).toEqual({ api: 'company', controller: 'company', action: 'create' });
    expect(ROUTE_TABLE['/despachante/$id/details'].permission?.action).toBe('findOne');
    expect(ROUTE_TABLE['/despachante/$id/edit-lojas'].permission?.action).toBe('update');
    expect(ROUTE_TABLE['/receivables/$id'].permission).toEqual({ api: 'receivable', controller: 'receivable', action: 'findOne' });
    expect(ROUTE_TABLE['/sales-order/$id/documentos'].permission?.action).toBe('findOne');
  });
});
