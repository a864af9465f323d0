import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resourceMaps } from '@/app/resource-maps';
import { companyResource } from '@/features/companies/resource';
import { customerResource } from '@/features/customers/resource';
import { despachanteResource } from '@/features/despachantes/resource';
import { documentTypeResource } from '@/features/document-types/resource';
import { paymentMethodResource } from '@/features/payment-methods/resource';
import { receivableResource } from '@/features/receivables/resource';
import { roleResource } from '@/features/roles/resource';
import { salesItemResource } from '@/features/sales-items/resource';
import { salesOrderResource } from '@/features/sales-orders/resource';
import { stateResource } from '@/features/states/resource';
import { userResource } from '@/features/users/resource';
import { vehicleTypeResource } from '@/features/vehicle-types/resource';
import { writeIndexMaps } from '../../scripts/index-maps';

/**
 * index.html's app-frame skeleton paints the list screens' titles before any
 * JavaScript module ran. Its small path → title map, which the build writes from the resource
 * declarations (scripts/vite/resource-maps.ts), must say what the screens say (their resource
 * labels, which ListPage shows as the h1), and its script must fill the title only on those paths.
 */
const maps = await resourceMaps();
const html = writeIndexMaps(readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8'), maps);
const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
const titleScript = scripts.find((s) => s.includes('sk-page-title'));
const skeleton = /<div id="root">([\s\S]*?)<\/div>\s*<!--/.exec(html)?.[1] ?? '';

const LIST_TITLES: Record<string, string> = {
  '/sales-orders': salesOrderResource.label,
  '/receivables': receivableResource.label,
  '/customers': customerResource.label,
  '/companies': companyResource.label,
  '/despachantes': despachanteResource.label,
  '/users': userResource.label,
  '/roles': roleResource.label,
  '/states': stateResource.label,
  '/vehicle-types': vehicleTypeResource.label,
  '/payment-methods': paymentMethodResource.label,
  '/sales-items': salesItemResource.label,
  '/document-type': documentTypeResource.label,
};

function runAt(pathname: string) {
  window.history.replaceState(null, '', pathname);
  document.body.innerHTML = skeleton;
  new Function(titleScript ?? '')();
  return document.getElementById('sk-page-title');
}

describe('index.html app-frame skeleton', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('knows each list screen by its resource label', () => {
    expect(maps.listTitles).toEqual(LIST_TITLES);
    expect(titleScript).toContain(JSON.stringify(LIST_TITLES['/sales-orders']));
  });

  it.each(Object.entries(LIST_TITLES))('%s paints its title', (pathname, title) => {
    expect(runAt(pathname)?.textContent).toBe(title);
    expect(runAt(`${pathname}/`)?.className).toBe('sk-page-h1');
  });

  it('keeps the grey bar elsewhere (a record, the dashboard)', () => {
    for (const pathname of ['/', '/sales-order/abc', '/receivables/new']) {
      const el = runAt(pathname);
      expect(el?.textContent).toBe('');
      expect(el?.className).toBe('sk-bar sk-page-title');
    }
  });

  it('shows the app frame for a stored session on a signed-in path, the login card otherwise', () => {
    const shellAt = (pathname: string, token: string | null) => {
      if (token) localStorage.setItem('token', token);
      else localStorage.removeItem('token');
      runAt(pathname);
      return document.documentElement.dataset.shell;
    };
    try {
      expect(shellAt('/sales-orders', 'jwt')).toBe('app');
      expect(shellAt('/', 'jwt')).toBe('app');
      expect(shellAt('/sales-orders', null)).toBe('auth');
      expect(shellAt('/login', 'jwt')).toBe('auth');
      expect(shellAt('/reset-password', null)).toBe('reset');
    } finally {
      localStorage.removeItem('token');
      delete document.documentElement.dataset.shell;
    }
  });

  it('runs its scripts after the skeleton, none in <head> (the first paint is the skeleton, not an empty page)', () => {
    // Chromium's parser yields after a slow first script (~7 ms to set up the page's script
    // context) and paints what it has: with an inline script in <head>, that was an empty body.
    const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
    expect(head).not.toMatch(/<script>/);
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('id="sk-page-title"'));
  });

  it('stays out of the accessibility tree', () => {
    document.body.innerHTML = skeleton;
    expect(document.body.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
