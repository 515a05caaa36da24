import { randomBytes, randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { TERMS_VERSION, messageCursor } from '@glimpse/contract';
import { failed, type CrowdRecorder, type RequestRecord } from './crowd-recorder.ts';

const PASSWORD = 'crowd user password';

/** fetch's "fetch failed" with its cause (reset, refused, timeout): what a failure run needs. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message}: ${cause.code ?? cause.message}` : error.message;
}

/**
 * The connection ended before any answer came (undici's "other side closed", a reset): what a
 * browser takes as a stale kept-alive connection and resends on a new one. A timeout is not.
 */
function closedBeforeAnswer(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

/** What a request carries: JSON, or a multipart form. */
type RequestBody = { json: unknown } | { form: FormData };

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * One virtual user: a session cookie, plain HTTP through nginx (each request recorded under its
 * route name) and a socket.io connection that reconnects as the web client's does.
 */
export class CrowdUser {
  id = 0;
  cookie = '';
  readonly email = `crowd-${randomBytes(6).toString('hex')}@crowd.example`;
  socket: Socket | undefined;
  /** Message ids of the chat with the partner this user has seen (socket or catch-up). */
  readonly received = new Set<number>();
  /** Ids the server acknowledged to this user's sends. */
  readonly acknowledged: number[] = [];
  recoveredOnReconnect = 0;
  /** Requests of this user that failed while the recorder was measuring. */
  failedRequests = 0;
  reconnects = 0;
  chatId = 0;
  /** Highest id seen when the socket dropped: the catch-up starts after it. */
  private seenBeforeDrop = 0;

  constructor(
    readonly url: string,
    readonly recorder: CrowdRecorder,
  ) {}

  /** One request through nginx; never throws: a failure is recorded and answered as status 0. */
  async call(
    route: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return this.send(route, method, path, body === undefined ? undefined : { json: body }, headers);
  }

  /** A multipart POST (a story's picture), with the same recording and resending as `call`. */
  upload(route: string, path: string, form: FormData): Promise<Answer> {
    return this.send(route, 'POST', path, { form });
  }

  private async send(
    route: string,
    method: string,
    path: string,
    body: RequestBody | undefined,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const first = await this.attempt(route, method, path, body, headers);
    if (first !== 'closed before an answer') return first;
    // A kept-alive connection nginx closed as the request went out (the crowd's users share
    // fetch's pool): a browser sends such a request again on a new connection, and so does this
    // user. Sends and tips carry their idempotency keys, so the second try cannot double them.
    return (await this.attempt(route, method, path, body, headers, true)) as Answer;
  }

  private async attempt(
    route: string,
    method: string,
    path: string,
    body: RequestBody | undefined,
    headers: Record<string, string>,
    resending = false,
  ): Promise<Answer | 'closed before an answer'> {
    const startedAt = Date.now();
    try {
      const response = await fetch(`${this.url}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          origin: this.url,
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...(body && 'json' in body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        // A FormData sends again as a whole on a resend; fetch sets its multipart boundary.
        ...(body === undefined
          ? {}
          : { body: 'json' in body ? JSON.stringify(body.json) : body.form }),
        signal: AbortSignal.timeout(20_000),
      });
      const type = response.headers.get('content-type') ?? '';
      const answer = type.includes('json')
        ? await response.json()
        : Buffer.from(await response.arrayBuffer());
      this.record({
        route,
        startedAt,
        endedAt: Date.now(),
        status: response.status,
        upstream: response.headers.get('x-upstream') ?? '',
        ...(response.status === 503
          ? { retryAfter: response.headers.get('retry-after') ?? '' }
          : {}),
      });
      return { status: response.status, headers: response.headers, body: answer };
    } catch (error) {
      const closed = !resending && closedBeforeAnswer(error);
      this.record({
        route,
        startedAt,
        endedAt: Date.now(),
        status: 0,
        upstream: '',
        error: describeError(error),
        ...(closed ? { resent: true } : {}),
      });
      return closed
        ? 'closed before an answer'
        : { status: 0, headers: new Headers(), body: undefined };
    }
  }

  private record(record: RequestRecord): void {
    this.recorder.add(record);
    if (this.recorder.measuring && failed(record)) this.failedRequests += 1;
  }

  async signUp(name: string): Promise<void> {
    const answer = await this.call('POST /api/auth/register', 'POST', '/api/auth/register', {
      email: this.email,
      password: PASSWORD,
      name,
      birthdate: '1990-01-01',
      sex: 'female',
      country_code: 'de',
      accept_terms: true,
      confirm_adult: true,
      terms_version: TERMS_VERSION,
    });
    if (answer.status !== 201) throw new Error(`sign-up: ${answer.status}`);
    this.takeCookie(answer.headers);
    this.id = (answer.body as { id: number }).id;
  }

  /**
   * Signs in as a second device (no cookie sent: signing in over a session ends that one, and
   * its socket with it); the HTTP requests after it use the new session, the socket keeps its own.
   */
  async signIn(): Promise<void> {
    const cookie = this.cookie;
    this.cookie = '';
    const answer = await this.call('POST /api/auth/login', 'POST', '/api/auth/login', {
      email: this.email,
      password: PASSWORD,
    });
    this.cookie = cookie;
    // A refused sign-in is recorded; the user carries on with the session it signed up with.
    if (answer.status === 200) this.takeCookie(answer.headers);
  }

  private takeCookie(headers: Headers): void {
    const cookie = headers.getSetCookie().find((c) => c.startsWith('glimpse_session='));
    if (!cookie) throw new Error('no session cookie');
    this.cookie = cookie.split(';')[0]!;
  }

  /** Tops the wallet up through the sandbox checkout, as a person pressing Pay would. */
  async topUp(amount: number): Promise<void> {
    const start = await this.call(
      'POST /api/wallet/top-up',
      'POST',
      '/api/wallet/top-up',
      { amount },
      { 'idempotency-key': randomUUID() },
    );
    if (start.status !== 200)
      throw new Error(`top-up: ${start.status} ${JSON.stringify(start.body)}`);
    const { redirectUrl } = start.body as { redirectUrl: string };
    const done = await this.call(
      'POST /sandbox/payments/{id}/complete',
      'POST',
      `${redirectUrl}/complete`,
      { outcome: 'success' },
    );
    if (done.status !== 303) throw new Error(`sandbox checkout: ${done.status}`);
  }

  /** The socket, reconnecting on its own; after a reconnect it backfills what it missed. */
  async connect(): Promise<void> {
    const socket = io(this.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
      extraHeaders: { cookie: this.cookie, origin: this.url },
    });
    this.socket = socket;
    socket.on('message.created', (payload: { chat_id: number; message_id: number }) => {
      if (payload.chat_id === this.chatId) this.received.add(payload.message_id);
    });
    socket.on('disconnect', () => {
      this.seenBeforeDrop = Math.max(0, ...this.received);
    });
    socket.io.on('reconnect', () => {
      this.reconnects += 1;
      void this.catchUp();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  /** GET /api/chats/{id}/messages?after=: what was sent while the socket was away. */
  private async catchUp(): Promise<void> {
    if (!this.chatId) return;
    if (this.seenBeforeDrop === 0) {
      // Nothing seen yet: the newest page is the whole short history.
      const state = await this.call(
        'GET /api/chats/load',
        'GET',
        `/api/chats/load?chat_id=${this.chatId}`,
      );
      if (state.status === 200)
        this.recover((state.body as { messages: { id: number }[] }).messages);
      return;
    }
    let cursor: string | null = messageCursor(this.seenBeforeDrop);
    while (cursor) {
      const page = await this.call(
        'GET /api/chats/{id}/messages?after',
        'GET',
        `/api/chats/${this.chatId}/messages?after=${encodeURIComponent(cursor)}`,
      );
      if (page.status !== 200) return;
      const body = page.body as { messages: { id: number }[]; cursor: string | null };
      this.recover(body.messages);
      cursor = body.cursor;
    }
  }

  private recover(messages: { id: number }[]): void {
    for (const message of messages)
      if (!this.received.has(message.id)) {
        this.received.add(message.id);
        this.recoveredOnReconnect += 1;
      }
  }

  async openChatWith(partner: CrowdUser): Promise<void> {
    const answer = await this.call(
      'GET /api/chats/load',
      'GET',
      `/api/chats/load?user_id=${partner.id}`,
    );
    if (answer.status !== 200) throw new Error(`chat load: ${answer.status}`);
    this.chatId = (answer.body as { chat_id: number }).chat_id;
  }

  async sendMessage(partner: CrowdUser): Promise<void> {
    const answer = await this.call('POST /api/messages/send', 'POST', '/api/messages/send', {
      user_id: partner.id,
      message: 'hello from the crowd',
      client_id: randomUUID(),
    });
    if (answer.status === 200) this.acknowledged.push((answer.body as { id: number }).id);
  }

  close(): void {
    this.socket?.close();
  }
}
