import { rmSync } from 'node:fs';
import { fixtureCacheDir } from './fixture-cache.ts';

/** A vitest global setup: the run's media fixtures (fixture-cache.ts) go when it ends. */
export default function setup(): () => void {
  return () => rmSync(fixtureCacheDir(process.pid), { recursive: true, force: true });
}
