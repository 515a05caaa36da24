import { expect, type APIResponse } from '@playwright/test';

/** The answer of a dataset API call, after checking its status (the body names the failure). */
export async function ok(response: APIResponse, what: string, status = 200): Promise<unknown> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  return response.status() === 204 ? undefined : response.json();
}
