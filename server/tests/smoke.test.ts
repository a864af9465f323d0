import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { api, apiUrl } from './helpers/api';

describe('the API under test', () => {
  it('answers under /api and refuses anonymous access to states', async () => {
    const res = await api('GET', '/states');
    expect(res.status).toBe(403);
    expect(res.body.error.name).toBe('ForbiddenError');
  });

  it('keeps an idle connection 65 s, past the clients and balancers that close theirs at 60 s (config/server.ts)', async () => {
    const header = await new Promise<string | undefined>((resolve, reject) => {
      const req = request(`${apiUrl()}/states`, { headers: { connection: 'keep-alive' } }, (res) => {
        res.resume();
        resolve(res.headers['keep-alive']);
      });
      req.on('error', reject);
      req.end();
    });
    expect(header).toBe('timeout=65');
  });
});
