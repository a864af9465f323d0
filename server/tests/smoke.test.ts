import { describe, expect, it } from 'vitest';
import { api } from './helpers/api';

describe('the API under test', () => {
  it('answers under /api and refuses anonymous access to states', async () => {
    const res = await api('GET', '/states');
    expect(res.status).toBe(403);
    expect(res.body.error.name).toBe('ForbiddenError');
  });
});
