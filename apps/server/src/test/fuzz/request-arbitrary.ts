import fc from 'fast-check';
import { HOSTILE_NUMBERS, HOSTILE_STRINGS, hostileValue } from './hostile-values.ts';
import type { JsonSchema, Operation, Parameter } from './openapi-operations.ts';
import { valueFor } from './schema-arbitrary.ts';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Sent without the session cookie. */
  anonymous: boolean;
}

/** Values that name real rows (user ids, story ids, slugs), so requests reach the database. */
export interface KnownValues {
  pathValues: string[];
  /** A small real PNG, so some multipart requests get past the file checks. */
  png: Buffer;
}

/** Path segments sent as they are: already percent-encoded, or deliberately undecodable. */
const RAW_SEGMENTS = [
  '%00',
  'a%00b',
  '%ZZ',
  '%E0%A4%A',
  '..%2F..%2Fetc',
  '%2e%2e',
  '..',
  '%ED%A0%80',
];

const BROKEN_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  'nul',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '"just a string"',
  '1e999',
  '\ufeff{}',
];

/** percent-encodes a value; an unpaired surrogate (which encodeURIComponent refuses) as raw bytes. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((c) => (/\p{Cs}/u.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

function pathValue(param: Parameter, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...known.pathValues).map(encode) },
    { weight: 2, arbitrary: valueFor(param.schema, false).map((v) => encode(asText(v))) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS).map((n) => encode(String(n))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

function queryString(params: Parameter[]): fc.Arbitrary<string> {
  const pairs = params.map((param) =>
    fc
      .option(
        fc.oneof(
          { weight: 3, arbitrary: valueFor(param.schema, false) },
          { weight: 2, arbitrary: valueFor(param.schema, true) },
        ),
        { nil: undefined, freq: 2 },
      )
      .map((value) => {
        if (value === undefined) return [];
        const values = Array.isArray(value) ? value : [value];
        return values.map((v) => `${encode(param.name)}=${encode(asText(v))}`);
      }),
  );
  const junk = fc.option(
    fc.constantFrom('x=1', '%00=%00', 'a[b][c]=1', 'page=1&page=2', '__proto__[x]=1', '=', '&&&'),
    { nil: undefined, freq: 4 },
  );
  return fc.tuple(fc.tuple(...pairs), junk).map(([lists, extra]) => {
    const all = [...lists.flat(), ...(extra ? [extra] : [])];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

function multipartPayload(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
          '\r\n',
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function formParts(schema: JsonSchema, known: KnownValues): fc.Arbitrary<Part[]> {
  const entries = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    let data: fc.Arbitrary<Buffer>;
    if (property.format === 'binary') {
      data = fc.oneof(
        { weight: 2, arbitrary: fc.constant(known.png) },
        { weight: 2, arbitrary: fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)) },
        { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
      );
    } else {
      const inner = property.contentSchema ?? {};
      data = fc
        .oneof(
          { weight: 3, arbitrary: valueFor(inner, false).map((v) => JSON.stringify(v) ?? '') },
          { weight: 2, arbitrary: valueFor(inner, true).map((v) => JSON.stringify(v) ?? '') },
          { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON, ...HOSTILE_STRINGS) },
        )
        .map((text) => Buffer.from(text));
    }
    const isFile = property.format === 'binary';
    return fc.option<Part>(
      fc.record<Part>({
        name: fc.constant(name),
        data,
        filename: isFile
          ? fc.constantFrom('a.png', 'clip.mp4', '../../x.png', 'a\r\nb.png', '')
          : fc.constant(undefined),
        contentType: isFile
          ? fc.constantFrom('image/png', 'video/mp4', 'application/octet-stream', 'text/html')
          : fc.constant(undefined),
      }),
      { nil: undefined, freq: 6 },
    );
  });
  return fc
    .tuple(...entries)
    .map((parts) => parts.filter((part): part is Part => part !== undefined));
}

/** Ways a multipart body is broken on the wire; each must answer 4xx. */
const BREAKAGES: ((body: Buffer, boundary: string) => { payload: Buffer; contentType: string })[] =
  [
    (body, b) => ({
      payload: body.subarray(0, body.length - `--${b}--\r\n`.length),
      contentType: `multipart/form-data; boundary=${b}`,
    }),
    (body) => ({ payload: body, contentType: 'multipart/form-data; boundary=not-the-one' }),
    (body, b) => ({
      payload: Buffer.from(body.toString('latin1').replace(/\r\n/g, '\n'), 'latin1'),
      contentType: `multipart/form-data; boundary=${b}`,
    }),
    (body) => ({ payload: body, contentType: 'multipart/form-data' }),
    (body, b) => ({
      payload: body.subarray(0, Math.floor(body.length / 2)),
      contentType: `multipart/form-data; boundary=${b}`,
    }),
    (body) => ({ payload: body, contentType: `multipart/form-data; boundary=${'x'.repeat(100)}` }),
    (_body, b) => ({
      payload: Buffer.from(`--${b}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${b}--\r\n`),
      contentType: `multipart/form-data; boundary=${b}`,
    }),
    (_body, b) => ({
      payload: Buffer.from('garbage without any boundary'),
      contentType: `multipart/form-data; boundary=${b}`,
    }),
  ];

function bodyFor(op: Operation, known: KnownValues) {
  const boundary = 'fuzz-boundary-7MA4YWxkTrZu0gW';
  const json = (payload: string) => ({ payload, contentType: 'application/json' });
  const kinds: fc.WeightedArbitrary<{ payload?: string | Buffer; contentType?: string }>[] = [
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON).map(json) },
    { weight: 1, arbitrary: hostileValue.map((v) => json(JSON.stringify(v) ?? 'null')) },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.constantFrom('a=1&b=2', '<x/>', 'plain text'),
        contentType: fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/xml',
          'text/plain',
        ),
      }),
    },
  ];
  for (const [contentType, schema] of Object.entries(op.bodies)) {
    if (contentType === 'application/json') {
      kinds.push(
        { weight: 5, arbitrary: valueFor(schema, false).map((v) => json(JSON.stringify(v))) },
        { weight: 5, arbitrary: valueFor(schema, true).map((v) => json(JSON.stringify(v) ?? '')) },
      );
    } else if (contentType === 'multipart/form-data') {
      const body = formParts(schema, known).map((parts) => multipartPayload(parts, boundary));
      kinds.push(
        {
          weight: 4,
          arbitrary: body.map((payload) => ({
            payload,
            contentType: `multipart/form-data; boundary=${boundary}`,
          })),
        },
        {
          weight: 4,
          arbitrary: fc
            .tuple(body, fc.constantFrom(...BREAKAGES))
            .map(([payload, breakIt]) => breakIt(payload, boundary)),
        },
      );
    }
  }
  return fc.oneof(...kinds);
}

/** Requests for one operation: real and hostile path values, query, bodies, with and without a session. */
export function requestFor(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const segments = fc.tuple(...op.pathParams.map((p) => pathValue(p, known)));
  return fc
    .record({
      segments,
      query: queryString(op.query),
      body: bodyFor(op, known),
      // One request in ten without the session: the 401 path must hold for hostile input too.
      anonymousRoll: fc.integer({ min: 0, max: 9 }),
    })
    .map(({ segments: values, query, body, anonymousRoll }) => {
      let url = op.path;
      op.pathParams.forEach((param, i) => {
        url = url.replace(`{${param.name}}`, values[i]!);
      });
      return {
        method: op.method,
        url: `${url}${query}`,
        headers: (body.contentType ? { 'content-type': body.contentType } : {}) as Record<
          string,
          string
        >,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        anonymous: anonymousRoll === 0,
      };
    });
}
