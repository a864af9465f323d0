import { describe, expect, it } from 'vitest';
import type { AnyRoute } from '@tanstack/react-router';

/**
 * Every route file declares who may open it, read from the route files
 * themselves — not from src/app/route-table.ts — so a route added without `staticData.permission`
 * (or with a malformed one) fails here even if the compiler were bypassed.
 */
const modules = import.meta.glob<{ Route: AnyRoute }>('/src/routes/**/*.tsx', { eager: true });

function isValidPermission(p: unknown): boolean {
  if (p === 'public' || p === 'signed-in') return true;
  if (!p || typeof p !== 'object') return false;
  const { api, controller, action } = p as Record<string, unknown>;
  return [api, controller, action].every((s) => typeof s === 'string' && s.length > 0);
}

describe('route permissions', () => {
  const files = Object.keys(modules).filter((f) => !/\/-[^/]*$/.test(f));

  it('reads every route file of src/routes', () => {
    // 44 screens of spec 000 §2.1 / 001 §2 plus __root and _app
    expect(files.length).toBeGreaterThanOrEqual(46);
  });

  it.each(files)('%s declares staticData.permission', (file) => {
    const route = modules[file]!.Route;
    expect(route, `${file} exports no Route`).toBeDefined();
    const permission = (route.options as { staticData?: { permission?: unknown } }).staticData?.permission;
    expect(isValidPermission(permission), `${file}: staticData.permission is ${JSON.stringify(permission)}`).toBe(true);
  });

  it('only /login and /reset-password (and the root frame) are public', () => {
    const open = files.filter((f) => (modules[f]!.Route.options as { staticData?: { permission?: unknown } }).staticData?.permission === 'public');
    expect(open.sort()).toEqual(['/src/routes/__root.tsx', '/src/routes/login.tsx', '/src/routes/reset-password.tsx']);
  });
});
