import { describe, expect, it } from 'vitest';
import { decideAccess } from '@/lib/navigation/guard';
import { routeMeta } from '@/app/route-table';
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
    expect(decideAccess(loading, routeMeta('/sales-orders'))).toEqual({ kind: 'loading' });
  });
  it('sends a visitor without a user to /login', () => {
    expect(decideAccess(anonymous, routeMeta('/sales-orders'))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess(anonymous, routeMeta('/'))).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('sends a user whose permissions are not loaded to /login', () => {
    expect(decideAccess({ status: 'authenticated', user, permissions: null }, routeMeta('/sales-orders'))).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('sends a user lacking the route permission to /', () => {
    expect(decideAccess(signedIn, routeMeta('/users'))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(signedIn, routeMeta('/sales-order/new'))).toEqual({ kind: 'redirect', to: '/' });
  });
  it('lets a user holding the permission in', () => {
    expect(decideAccess(signedIn, routeMeta('/sales-orders'))).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn, routeMeta('/sales-order/$id/details'))).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn, routeMeta('/profile'))).toEqual({ kind: 'allow' });
  });
  it('opens routes without a gate to any signed-in user (/document-type)', () => {
    expect(decideAccess(signedIn, routeMeta('/document-type'))).toEqual({ kind: 'allow' });
  });
  it('gates the home with user me (spec 000 §2.1); without it there is no / to fall back to: /login, which then stays', () => {
    expect(routeMeta('/').permission).toEqual({ api: 'users-permissions', controller: 'user', action: 'me' });
    expect(decideAccess(signedIn, routeMeta('/'), routeMeta('/'))).toEqual({ kind: 'allow' });
    const noMe: SessionState = { ...signedIn, permissions: { 'plugin::users-permissions': { controllers: { user: { me: { enabled: false } } } } } };
    expect(decideAccess(noMe, routeMeta('/'), routeMeta('/'))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess(noMe, routeMeta('/users'), routeMeta('/'))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess(noMe, routeMeta('/login'), routeMeta('/'))).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn, routeMeta('/login'), routeMeta('/'))).toEqual({ kind: 'redirect', to: '/' });
  });
  it('redirects an authenticated visitor of /login to /, and lets others see it', () => {
    expect(decideAccess(signedIn, routeMeta('/login'))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(anonymous, routeMeta('/login'))).toEqual({ kind: 'allow' });
  });
  it('a disabled action counts as missing', () => {
    const disabled: SessionState = { ...signedIn, permissions: { 'api::sales-order': { controllers: { 'sales-order': { find: { enabled: false } } } } } };
    expect(decideAccess(disabled, routeMeta('/sales-orders'))).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('route table (spec 000 §2.1, 001 §6)', () => {
  it('gates each route with the spec triple', () => {
    expect(routeMeta('/roles').permission).toEqual({ api: 'users-permissions', controller: 'role', action: 'createRole' });
    expect(routeMeta('/role/$id').permission).toEqual({ api: 'users-permissions', controller: 'role', action: 'findOne' });
    expect(routeMeta('/role/$id/permissions').permission).toMatchObject({ action: 'updateRole' });
    expect(routeMeta('/despachantes').permission).toEqual({ api: 'company', controller: 'company', action: 'create' });
    expect(routeMeta('/despachante/$id/details').permission).toMatchObject({ action: 'findOne' });
    expect(routeMeta('/despachante/$id/edit-lojas').permission).toMatchObject({ action: 'update' });
    expect(routeMeta('/receivables/$id').permission).toEqual({ api: 'receivable', controller: 'receivable', action: 'findOne' });
    expect(routeMeta('/sales-order/$id/documentos').permission).toMatchObject({ action: 'findOne' });
  });
});
