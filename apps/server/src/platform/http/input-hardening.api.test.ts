import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { registration, signedUpUser } from '../../test/factories.ts';
import { postStory, processedStory } from '../../test/stories.ts';

let server: TestServer;
let owner: Client;
let story: Story;
beforeAll(async () => {
  server = await startTestServer();
  owner = (await signedUpUser(server)).client;
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a36' } })
    .png()
    .toBuffer();
  const posted = await postStory(owner, { data: image });
  story = await processedStory(server, owner, posted.json<Story>().id);
});
afterAll(async () => {
  await server?.stop();
});

const NUL = 'a\u0000b';
const BELL = 'a\u0007b';
const ESCAPE = 'Anna\u001b[31m';
const C1 = 'a\u0085b';
const LONE_SURROGATE = '\ud800';

function expectRefused(
  response: { statusCode: number; json(): unknown },
  field: string,
  message: string,
) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    err_key: 'validation_failed',
    errors: { [field]: expect.arrayContaining([message]) },
  });
}

const putProfile = (c: Client, body: unknown) => c.put('/api/users/me/profile', body);

describe('control characters and broken text in every field the issue names', () => {
  it.each([
    ['name', NUL, 'text_control_chars'],
    ['name', ESCAPE, 'text_control_chars'],
    ['bio', NUL, 'text_control_chars'],
    ['bio', BELL, 'text_control_chars'],
    ['bio', C1, 'text_control_chars'],
    ['bio', LONE_SURROGATE, 'text_malformed'],
    ['country_code', 'd\u0000', 'text_control_chars'],
  ])('profile %s %j answers 400', async (field, value, message) => {
    const { client: c } = await signedUpUser(server);
    expectRefused(await putProfile(c, { [field]: value }), field, message);
  });

  it.each([NUL, BELL, LONE_SURROGATE])('benefits_list [%j] answers 400', async (value) => {
    const { client: c } = await signedUpUser(server);
    const response = await putProfile(c, { benefits_list: ['fine', value] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['benefits_list.1']);
  });

  it('keeps tabs and new lines in a bio, stores CRLF as LF and text as NFC', async () => {
    const { client: c } = await signedUpUser(server);
    const response = await putProfile(c, { bio: 'Cafe\u0301\r\n\tline two' });
    expect(response.statusCode).toBe(200);
    expect(response.json().bio).toBe('Caf\u00e9\n\tline two');
  });

  it.each([
    ['name', NUL, 'text_control_chars'],
    ['name', 'Anna\u000aBob', 'text_control_chars'],
    ['email', `x${NUL}@example.com`, 'text_control_chars'],
    ['password', `${'p'.repeat(10)}\u0001`, 'text_control_chars'],
  ])('register %s %j answers 400', async (field, value, message) => {
    const response = await client(server).post(
      '/api/auth/register',
      registration({ [field]: value }),
    );
    expectRefused(response, field, message);
  });

  it('answers 400 for a NUL or control character in a slug in the path', async () => {
    expectRefused(await owner.get('/api/users/slug/a%00b'), 'slug', 'text_control_chars');
    expectRefused(await owner.get('/api/users/slug/a%07b'), 'slug', 'text_control_chars');
    expect((await owner.get('/api/users/slug/%D8%B4%D9%87')).statusCode).toBe(404);
  });

  it.each([NUL, BELL, LONE_SURROGATE])('story text %j answers 400 on PATCH', async (text) => {
    const response = await owner.request({
      method: 'PATCH',
      url: `/api/stories/${story.id}`,
      payload: { text },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['text']);
  });

  it('answers 400 for a control character in the multipart model.text', async () => {
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    for (const text of [NUL, BELL]) {
      const response = await postStory(owner, { data: image, model: { text } });
      expectRefused(response, 'model.text', 'text_control_chars');
    }
  });

  it.each([NUL, ESCAPE, LONE_SURROGATE])('report accusation %j answers 400', async (text) => {
    const { client: reporter } = await signedUpUser(server);
    const response = await reporter.post(`/api/stories/${story.id}/report`, { accusation: text });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['accusation']);
  });
});

describe('fields named like Object.prototype members (found by the fuzz suite)', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty'])(
    'answers an unknown field %s with 400 unknown_field, in route schemas and handler parsing',
    async (key) => {
      const body = JSON.parse(`{"bio": "x", "${key}": 1}`);
      const profile = await putProfile(owner, body);
      expectRefused(profile, key, 'unknown_field');
      const fromUpload = await owner.post('/api/stories', {
        upload_id: 'nope',
        model: {},
        ...JSON.parse(`{"${key}": 1}`),
      });
      expectRefused(fromUpload, key, 'unknown_field');
    },
  );
});

describe('names that impersonate', () => {
  it.each(['\u202e', '\u202a', '\u2066', '\u2069'])(
    'refuses a name with the bidi control U+%s',
    async (control) => {
      const { client: c } = await signedUpUser(server);
      const name = `Support${control}troppuS`;
      expectRefused(await putProfile(c, { name }), 'name', 'name_bidi_control');
      const register = await client(server).post('/api/auth/register', registration({ name }));
      expectRefused(register, 'name', 'name_bidi_control');
    },
  );

  it.each(['\u200b', '\u200b\u200c\u200d', '\ufeff', '\u3164', '\u2800'])(
    'refuses an invisible-only name %j',
    async (name) => {
      const { client: c } = await signedUpUser(server);
      expectRefused(await putProfile(c, { name }), 'name', 'name_invisible');
    },
  );

  it('stores names NFC-normalized and trimmed of spaces and invisible characters', async () => {
    const { client: c } = await signedUpUser(server);
    const response = await putProfile(c, { name: ' \u200bZoe\u0308\u200b ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Zo\u00eb');
  });
});

describe('birthdates', () => {
  it.each([
    ['0000-01-01', 'date_invalid'],
    ['1899-12-31', 'date_out_of_range'],
    ['2999-01-01', 'date_out_of_range'],
  ])('refuses %s with 400', async (birthdate, message) => {
    const { client: c } = await signedUpUser(server);
    expectRefused(await putProfile(c, { birthdate }), 'birthdate', message);
    const register = await client(server).post('/api/auth/register', registration({ birthdate }));
    expectRefused(register, 'birthdate', message);
  });

  it('takes 1900-01-01', async () => {
    const { client: c } = await signedUpUser(server);
    expect((await putProfile(c, { birthdate: '1900-01-01' })).statusCode).toBe(200);
  });
});

describe('malformed multipart bodies answer 400, never 500', () => {
  const boundary = 'glimpse-boundary';
  const form =
    `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n{}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
    `Content-Type: image/png\r\n\r\nnot really a png\r\n`;
  const closed = `${form}--${boundary}--\r\n`;
  const cases: [string, string, string][] = [
    ['no closing boundary', form, `multipart/form-data; boundary=${boundary}`],
    ['a boundary that does not match', closed, 'multipart/form-data; boundary=another'],
    [
      'LF-only line ends',
      closed.replace(/\r\n/g, '\n'),
      `multipart/form-data; boundary=${boundary}`,
    ],
    ['no boundary parameter', closed, 'multipart/form-data'],
  ];

  for (const url of ['/api/stories', '/api/users/me/avatar']) {
    it.each(cases)(`${url}: %s`, async (_label, payload, contentType) => {
      const response = await owner.request({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err_key: 'validation_failed',
        err_msg: 'multipart_malformed',
      });
    });
  }
});

describe('tus upload metadata', () => {
  const TUS = { 'tus-resumable': '1.0.0' };
  const b64 = (value: string) => Buffer.from(value).toString('base64');

  async function finishedUpload(c: Client, filename: string): Promise<string> {
    const created = await c.request({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...TUS,
        'upload-length': '3',
        'upload-metadata': `filename ${b64(filename)},filetype ${b64('video/mp4\r\nX-Evil: 1')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const id = location.slice(location.lastIndexOf('/') + 1);
    const patched = await c.request({
      method: 'PATCH',
      url: `/api/uploads/${id}`,
      headers: {
        ...TUS,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: Buffer.from('abc'),
    });
    expect(patched.statusCode).toBe(204);
    return id;
  }

  it('stores a filename with CR/LF without them, and the GET answers the upload', async () => {
    const { client: c } = await signedUpUser(server);
    const id = await finishedUpload(c, 'clip\r\nSet-Cookie: x=1\u0000.mp4');
    const head = await c.request({ method: 'HEAD', url: `/api/uploads/${id}`, headers: TUS });
    const stored = Object.fromEntries(
      String(head.headers['upload-metadata'])
        .split(',')
        .map((pair) => pair.split(' '))
        .map(([key, value]) => [key, Buffer.from(value ?? '', 'base64').toString()]),
    );
    expect(stored).toEqual({ filename: 'clipSet-Cookie: x=1.mp4', filetype: 'video/mp4X-Evil: 1' });

    const get = await c.get(`/api/uploads/${id}`);
    expect(get.statusCode).toBe(200);
    expect(get.body).toBe('abc');
    expect(get.headers['content-type']).toBe('application/octet-stream');
    expect(get.headers['content-disposition']).toBe(
      `attachment; filename="clipSet-Cookie: x=1.mp4"; filename*=UTF-8''clipSet-Cookie%3A%20x%3D1.mp4`,
    );
    expect(get.headers['set-cookie']).toBeUndefined();
  });

  it('serves a non-Latin file name through filename*', async () => {
    const { client: c } = await signedUpUser(server);
    const id = await finishedUpload(c, 'фото "1".mp4');
    const get = await c.get(`/api/uploads/${id}`);
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-disposition']).toBe(
      `attachment; filename="____ _1_.mp4"; filename*=UTF-8''${encodeURIComponent('фото "1".mp4')}`,
    );
  });

  it("answers an unfinished, unknown or someone else's upload with a catalogued err_key", async () => {
    const { client: c } = await signedUpUser(server);
    const created = await c.request({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...TUS, 'upload-length': '10' },
    });
    const location = String(created.headers.location);
    const id = location.slice(location.lastIndexOf('/') + 1);
    const unfinished = await c.get(`/api/uploads/${id}`);
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json()).toEqual({ err_key: 'upload_incomplete' });
    for (const other of [`/api/uploads/${id}`, '/api/uploads/1-nope', '/api/uploads/a/b']) {
      const response = await owner.get(other);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ err_key: 'upload_not_found' });
    }
  });
});

describe('OpenAPI describes the multipart requests', () => {
  it('gives POST /api/stories and the avatar upload their form bodies', async () => {
    const spec = (await client(server).get('/api/openapi.json')).json();
    const stories = spec.paths['/api/stories'].post.requestBody.content;
    expect(stories['multipart/form-data'].schema).toMatchObject({
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        model: { contentMediaType: 'application/json', contentSchema: { type: 'object' } },
        meta: { contentMediaType: 'application/json', contentSchema: { type: 'object' } },
      },
    });
    expect(stories['application/json'].schema.required).toContain('upload_id');
    const avatar = spec.paths['/api/users/me/avatar'].post.requestBody.content;
    expect(avatar['multipart/form-data'].schema.properties.file.format).toBe('binary');
  });
});
