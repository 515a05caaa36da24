// Types for cluster.mjs, for the TypeScript that starts a cluster (bench/crowd, the node-kill test).
import type { ChildProcess } from 'node:child_process';

export interface ClusterOptions {
  /** Where logs, s3rver's objects, node data dirs and nginx's files go (data/cluster). */
  dataDir?: string;
  /** nginx's HTTP port; 0 or unset: a free one. */
  httpPort?: number;
  /** nginx's RTMP port (default 1935); 0: no RTMP ingest. */
  rtmpPort?: number;
  apiNodes?: number;
  databaseUrl?: string;
  redisUrl?: string;
  redisKeyPrefix?: string;
  /** Run the nodes from TypeScript with tsx instead of apps/server/dist. */
  fromSource?: boolean;
  /** The first node seeds the demo data into an empty database (default true). */
  demo?: boolean;
  logLevel?: string;
  /**
   * Start every node at once instead of the first alone (it migrates and seeds): only for a
   * database that is migrated already and gets no demo data (the tests' template copies).
   */
  startTogether?: boolean;
  /** Extra environment for every node. */
  env?: Record<string, string>;
  nginx?: { workerProcesses?: number };
  nginxBinary?: string;
  log?: (line: string) => void;
}

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  exited: Promise<number | string | null>;
  running(): boolean;
  output(): string;
  kill(signal?: NodeJS.Signals): void;
}

export interface ClusterNode extends ClusterProcess {
  role: 'api' | 'worker';
  port: number;
  /** The node itself, bypassing nginx ('' for the worker). */
  url: string;
}

export interface Cluster {
  /** nginx: what users open. */
  url: string;
  rtmpUrl: string | undefined;
  s3Endpoint: string;
  databaseUrl: string;
  dataDir: string;
  nodes: ClusterNode[];
  nginx: ClusterProcess;
  /** The S3-compatible server's current process (a new one after startS3()). */
  readonly s3: ClusterProcess;
  /** Kills the S3-compatible server (an outage: the fault suite, bench/crowd --faults). */
  stopS3(): Promise<void>;
  /** Starts it again on the same port with the same objects. */
  startS3(): Promise<void>;
  stop(): Promise<void>;
}

export const root: string;
export function freePort(): Promise<number>;
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
export function downCluster(dataDir?: string): Promise<string[]>;
