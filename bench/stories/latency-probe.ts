// Runs in its own process so the load generator never shares the server's event loop:
// `tsx latency-probe.ts <url> <cookie> <concurrency> <ms>` prints one LoadResult as JSON.
import { runLoad } from '../home/load.ts';

const [url, cookie, concurrency, ms] = process.argv.slice(2);
const origin = new URL(url!).origin;
const result = await runLoad(url!, { origin, cookie: cookie! }, Number(concurrency), Number(ms));
process.stdout.write(JSON.stringify(result));
