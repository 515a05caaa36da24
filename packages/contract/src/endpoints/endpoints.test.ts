import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from './define.ts';
import { homeFilterQuery } from '../schemas/home.ts';
import { HOME_PAGE_LIMIT_MAX } from './limits.ts';
import { endpoints } from './registry.ts';
import { endpointRoutes } from './routes.ts';

const all = Object.entries(endpoints) as [string, Endpoint][];

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
}

describe('endpoint registry', () => {
  it('has one descriptor per named route, at that route', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(endpointRoutes).sort());
    for (const [name, endpoint] of all) {
      const route = endpointRoutes[name as keyof typeof endpointRoutes];
      expect({ method: endpoint.method, path: endpoint.path }).toEqual(route);
    }
  });

  it('names no method and path twice', () => {
    const lines = all.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it.each(all)('%s: path parameters and the params schema agree', (_name, endpoint) => {
    const inPath = pathParamNames(endpoint.path).sort();
    const schema = endpoint.params as z.ZodObject | undefined;
    expect(schema ? Object.keys(schema.shape).sort() : []).toEqual(inPath);
  });

  it.each(all)('%s: a body only where the method takes one', (_name, endpoint) => {
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
      expect(endpoint.body).toBeUndefined();
    }
    if (endpoint.alsoMultipart) expect(typeof endpoint.body).toBe('object');
  });

  it.each(all)(
    '%s: an answer schema unless the status is 204 or it is a file',
    (_name, endpoint) => {
      expect(endpoint.response === undefined).toBe(
        endpoint.status === 204 || endpoint.file === true,
      );
    },
  );
});

describe('bounds kept outside the schemas', () => {
  it('HOME_PAGE_LIMIT_MAX is the largest limit homeFilterQuery accepts', () => {
    expect(homeFilterQuery.safeParse({ limit: String(HOME_PAGE_LIMIT_MAX) }).success).toBe(true);
    expect(homeFilterQuery.safeParse({ limit: String(HOME_PAGE_LIMIT_MAX + 1) }).success).toBe(
      false,
    );
  });
});
