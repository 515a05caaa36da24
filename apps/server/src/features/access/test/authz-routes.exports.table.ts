import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DataExport } from '@glimpse/contract';
import type { Client } from '../../../test/harness.ts';
import { SIGNED_IN, type Fixture, type RouteCase } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of data exports (features/exports, issue 27): each signed-in
 * actor asks for one of their own; the owner's archive downloads for the owner alone, and
 * everyone else is told it does not exist.
 */

const exportsSeenWith = async (c: Client, cookie: string) =>
  (
    await c.request({
      method: 'GET',
      url: '/api/users/me/exports',
      headers: { cookie: `glimpse_session=${cookie}` },
    })
  ).json<DataExport[]>();

/** Every actor tries the owner's archive, once the export the first row asked for is built. */
async function downloadOwnersArchive(
  c: Client,
  _url: string,
  f: Fixture,
): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + 30_000;
  let ready: DataExport | undefined;
  while (!ready) {
    ready = (await exportsSeenWith(c, f.users.owner.cookie)).find((e) => e.status === 'ready');
    if (!ready && Date.now() > deadline) throw new Error("the owner's export was never built");
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return c.get(`/api/users/me/exports/${ready.id}/download`);
}

export const EXPORTS_TABLE: RouteCase[] = [
  { method: 'POST', path: '/api/users/me/exports', statuses: [401, 201, 201, 201, 201] },
  {
    method: 'GET',
    path: '/api/users/me/exports',
    statuses: SIGNED_IN,
    // Each actor sees the one export they asked for above, and no one else's.
    check: (_f, actor, response) => expect(response.json<DataExport[]>(), actor).toHaveLength(1),
  },
  {
    method: 'GET',
    path: '/api/users/me/exports/{id}/download',
    statuses: [401, 404, 404, 404, 200],
    errKeys: { 404: 'export_not_found' },
    send: downloadOwnersArchive,
    check: (_f, _actor, response) =>
      expect(response.headers['content-type']).toBe('application/zip'),
  },
];
