// Stories benchmarks: `npm run bench -w bench` (all) or `npx tsx bench/stories/run.ts video|images`.
import { cpus, loadavg } from 'node:os';
import { benchImageVariants } from './image-variants.ts';
import { benchVideoReady } from './video-ready.ts';

const only = process.argv[2];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`${cpus().length} cores, load average ${load()} at start`);
if (!only || only === 'video') await benchVideoReady();
if (!only || only === 'images') await benchImageVariants();
console.log(`load average ${load()} at end`);
process.exit(0);
