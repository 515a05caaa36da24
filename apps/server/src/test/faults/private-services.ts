import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { waitUntil } from '../processes.ts';
import { addMultipartListing } from '../s3rver-multipart.ts';

/**
 * PostgreSQL, Redis and an S3-compatible server of a fault test's own, on free ports: the test
 * stops and restarts them at will, and the machine's shared services are never touched.
 */

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function onPath(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
}

/** Fails the suite (never skips it) when a binary the fault tests need is missing. */
export function requireBinaries(...binaries: string[]): void {
  const missing = binaries.filter((binary) => !onPath(binary));
  if (missing.length > 0) {
    throw new Error(
      `The fault tests start their own services and need ${missing.join(', ')} on PATH ` +
        '(PostgreSQL server binaries: initdb, postgres; redis-server). Install them ' +
        '(Debian: postgresql, redis-server; link initdb/postgres into /usr/local/bin).',
    );
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A service process that can be stopped and started again on the same port. */
abstract class PrivateProcess {
  protected child: ChildProcess | undefined;
  protected output = '';

  protected abstract spawnChild(): ChildProcess;
  protected abstract isReady(): Promise<boolean>;

  async start(): Promise<void> {
    const child = this.spawnChild();
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const ready = await waitUntil(
      async () => child.exitCode === null && (await this.isReady()),
      30_000,
      100,
    );
    if (!ready) throw new Error(`${this.constructor.name} did not start:\n${this.output}`);
  }

  /** Stops the process with `signal` and waits until it is gone. */
  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited(child);
  }
}

/**
 * A PostgreSQL cluster of its own (initdb into a temp dir, trust auth). Run as root (CI
 * containers), the server runs as the `postgres` user: PostgreSQL refuses to run as root.
 */
export class PrivatePostgres extends PrivateProcess {
  readonly url: string;

  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly asUser: string[],
  ) {
    super();
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  static async create(): Promise<PrivatePostgres> {
    requireBinaries('initdb', 'postgres');
    const dir = mkdtempSync(path.join(tmpdir(), 'glimpse-fault-pg-'));
    let asUser: string[] = [];
    if (process.getuid?.() === 0) {
      const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
      const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim());
      if (!Number.isInteger(uid) || uid === 0)
        throw new Error(
          'running as root, the fault tests need a `postgres` user to run PostgreSQL',
        );
      chownSync(dir, uid, gid);
      // setpriv execs the server in place (runuser would fork): signals reach postgres itself.
      asUser = ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--init-groups'];
    }
    const init = spawnSync(
      asUser[0] ?? 'initdb',
      [
        ...asUser.slice(1),
        ...(asUser.length ? ['initdb'] : []),
        '-D',
        path.join(dir, 'data'),
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--no-sync',
      ],
      { encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
    const server = new PrivatePostgres(dir, await freePort(), asUser);
    await server.start();
    return server;
  }

  protected spawnChild(): ChildProcess {
    const args = [
      'postgres',
      '-D',
      path.join(this.dir, 'data'),
      '-p',
      String(this.port),
      '-k',
      this.dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=60',
    ];
    const [command, ...rest] = [...this.asUser, ...args];
    return spawn(command!, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
  }

  protected async isReady(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** A restart as an operator does it: fast shutdown (sessions cut), then start again. */
  async restart(downMs: number): Promise<void> {
    await this.stop('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.start();
  }

  async destroy(): Promise<void> {
    await this.stop('SIGQUIT');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A redis-server of its own, nothing persisted: a kill loses its counters, as an outage does. */
export class PrivateRedis extends PrivateProcess {
  readonly url: string;

  private constructor(readonly port: number) {
    super();
    this.url = `redis://127.0.0.1:${port}`;
  }

  static async create(): Promise<PrivateRedis> {
    requireBinaries('redis-server');
    const server = new PrivateRedis(await freePort());
    await server.start();
    return server;
  }

  protected spawnChild(): ChildProcess {
    return spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
  }

  protected async isReady(): Promise<boolean> {
    return this.output.includes('Ready to accept connections');
  }

  async destroy(): Promise<void> {
    await this.stop('SIGKILL');
  }
}

/** s3rver on a fixed port and directory, so it can be stopped and started again with its objects. */
export class PrivateS3 {
  private server: S3rver | undefined;

  private constructor(
    private readonly directory: string,
    readonly port: number,
  ) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async create(): Promise<PrivateS3> {
    const store = new PrivateS3(
      mkdtempSync(path.join(tmpdir(), 'glimpse-fault-s3-')),
      await freePort(),
    );
    await store.start();
    return store;
  }

  async start(): Promise<void> {
    const server = new S3rver({
      address: '127.0.0.1',
      port: this.port,
      silent: true,
      directory: this.directory,
    });
    addMultipartListing(server, this.directory);
    await server.run();
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.close();
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
