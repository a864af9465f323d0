import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { PASSWORD, ROLES, type RoleKey } from './helpers';
import { test as diagnosedTest } from './diagnostics';

/**
 * These flows go through the real server (uploads with image processing, several writes per
 * test) on a machine shared with other runners: a longer per-assertion wait than the config's
 * 7 s. Each spec also sets 2 minutes per test (`test.describe.configure`).
 */
export const expect = baseExpect.configure({ timeout: 20_000 });
export const test = diagnosedTest;

/** A JWT for a seeded login, through the PWA origin's /api proxy. */
export async function apiToken(request: APIRequestContext, role: RoleKey = 'admin'): Promise<string> {
  const res = await request.post('/api/auth/local', { data: { identifier: ROLES[role].document, password: PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).jwt as string;
}

/** Creates an order through the API (to start a test from a clean order) and returns its ids. */
export async function createOrderViaApi(request: APIRequestContext, data: Record<string, unknown> = {}, role: RoleKey = 'admin') {
  const jwt = await apiToken(request, role);
  const res = await request.post('/api/sales-orders', {
    headers: { Authorization: `Bearer ${jwt}` },
    data: {
      data: {
        status_in: 'pending',
        billing_date: new Date().toISOString(),
        original_amount: 500,
        current_amount: 500,
        vehicle_price: 50000,
        user_company_id: 3,
        user_dispatcher_id: 2,
        ...data,
      },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  return { id: body.data.id as number, documentId: body.data.documentId as string };
}

/**
 * The toast with this text. Located by Ark's data attributes rather than role=status: while a
 * modal dialog is open Ark marks the rest of the page aria-hidden, toasts included (reported to
 * the shell: portal the toaster to <body> so its live region stays exposed).
 */
export const toastText = (page: Page, text: string | RegExp) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });

/** The card (section) titled `name` on the order details. */
export const card = (page: Page, name: string) => page.getByRole('region', { name });

/** A fresh vendedor created by the administrator through the API (the seeded logins stay untouched). */
export async function createSeller(request: APIRequestContext) {
  const jwt = await apiToken(request, 'admin');
  const headers = { Authorization: `Bearer ${jwt}` };
  const roles = (await (await request.get('/api/users-permissions/roles', { headers })).json()).roles as { id: number; type: string }[];
  const username = generateCpf();
  const res = await request.post('/api/users', {
    headers,
    data: {
      data: {
        username,
        email: `perfil${username}@teste.local`,
        name: 'Perfil Teste E2E',
        password: 'segredo1',
        role: { connect: [{ id: roles.find((r) => r.type === 'vendedor')?.id }] },
        provider: 'local',
        confirmed: true,
        type: 'salesman',
      },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { username, password: 'segredo1' };
}
