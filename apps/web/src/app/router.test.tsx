import { describe, expect, it } from 'vitest';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { featureRoutes } from './router';

describe('route table', () => {
  it('has one page for every WEB_ROUTES entry, each once', () => {
    const routes = featureRoutes.map((r) => r.route);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes).toHaveLength(Object.keys(WEB_ROUTES).length);
    for (const route of Object.values(WEB_ROUTES)) expect(routes).toContain(route);
  });
});
