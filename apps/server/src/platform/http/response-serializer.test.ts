import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '@glimpse/contract';
import { compileFastWriter, responseSerializer } from './response-serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/t', httpStatus: '200' });

const profile = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string().nullable(),
  tags: z.array(z.object({ id: z.number(), label: z.string() })),
});
const row = { id: 7, name: 'Anna', bio: null, tags: [{ id: 1, label: 'art' }] };

describe('responseSerializer', () => {
  it('writes only the fields the schema declares, as zod would strip the rest', () => {
    const write = responseSerializer(false)(route(profile));
    const body = JSON.parse(
      write({ ...row, password_hash: 'secret', tags: [{ id: 1, label: 'art', owner_email: 'x' }] }),
    );
    expect(body).toEqual(row);
  });

  it('picks a union branch for a body with extra keys and strips them, as zod does', () => {
    const answer = z.union([
      z.object({ success: z.literal(true) }),
      z.object({ redirectUrl: z.string() }),
    ]);
    const body = { redirectUrl: '/sandbox/payments/chk_1', checkoutId: 'chk_1' };
    for (const checked of [false, true]) {
      const write = responseSerializer(checked)(route(answer));
      expect(JSON.parse(write(body))).toEqual({ redirectUrl: '/sandbox/payments/chk_1' });
    }
  });

  it('uses the compiled writer when unchecked: it does not validate (a wrong type is coerced)', () => {
    const write = responseSerializer(false)(route(profile));
    expect(JSON.parse(write({ ...row, name: 42 })).name).toBe('42');
  });

  it('refuses a body the schema refuses when responses are checked', () => {
    const write = responseSerializer(true)(route(profile));
    expect(() => write({ ...row, name: 42 })).toThrow();
    expect(JSON.parse(write(row))).toEqual(row);
  });

  it('leaves a schema with a transform to zod (JSON Schema has no output type for it)', () => {
    const upper = z.object({ name: z.string().transform((value) => value.toUpperCase()) });
    expect(compileFastWriter(upper)).toBeUndefined();
    expect(compileFastWriter(profile)).toBeTypeOf('function');
  });

  it('compiles the hot pages (home sections, me, profile) to the fast writer', () => {
    for (const endpoint of [endpoints.homeStories, endpoints.me, endpoints.profileBySlug]) {
      expect(compileFastWriter(endpoint.response)).toBeTypeOf('function');
    }
  });

  it('compiles a schema once per process: the next server reuses its writer', () => {
    const once = z.object({ id: z.number() });
    const first = compileFastWriter(once);
    expect(compileFastWriter(once)).toBe(first);
    // Another schema of the same shape is another schema: its own writer.
    expect(compileFastWriter(z.object({ id: z.number() }))).not.toBe(first);
    expect(first!({ id: 3, secret: 'x' })).toBe('{"id":3}');
  });
});
