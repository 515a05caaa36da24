// Lighthouse on a phone: `npm run build` once, then `npm run bench:lighthouse -w bench`.
// Mobile preset, default simulated throttling, signed in as a demo viewer on the demo data:
// home, a creator's profile and the story viewer. Knobs: LH_PORT (3305), LH_ROUNDS (1),
// LH_REPORT_DIR (full JSON reports; a fresh folder under /tmp by default), LH_TRACES=1 (each
// report's trace beside it), LH_PAGES (a comma-separated subset of home,profile,viewer),
// CHROMIUM_PATH.
// Each round starts a fresh demo server, so every round audits the same data.
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startAuditor, type PageScore, type PageToAudit } from './audit.ts';
import { homeCreators, signIn, startDemoServer, waitForDemoStories } from './demo-server.ts';
import { waitUntilQuiet } from './server-quiet.ts';

const VIEWER = { email: 'mia@demo.glimpse.app', password: 'glimpse-demo-2026' };
const PROFILE_NAME = 'Anna Rivera';
const port = Number(process.env.LH_PORT ?? 3305);
const rounds = Number(process.env.LH_ROUNDS ?? 1);
const onlyPages = process.env.LH_PAGES?.split(',').map((name) => name.trim());
const reportDir = process.env.LH_REPORT_DIR ?? mkdtempSync(path.join(tmpdir(), 'lighthouse-'));

/**
 * The story viewer is an overlay without a URL of its own (spec 2), so its page is home opened
 * straight into the first creator's stories: this script clicks the first story avatar as soon
 * as it is on the screen. The click is the page's own (`element.click()`, not trusted input), so
 * Lighthouse keeps recording LCP through the viewer's first story. It comes as a tap would: in a
 * task of its own after the frame that showed the avatar, not inside the render that added it.
 */
const OPEN_FIRST_STORIES = `(() => {
  if (location.pathname !== '/') return;
  const open = () => {
    const avatar = document.querySelector('button[data-ringed]');
    if (!avatar) return false;
    requestAnimationFrame(() => setTimeout(() => avatar.click(), 0));
    return true;
  };
  const watch = () => {
    if (open()) return;
    const observer = new MutationObserver(() => { if (open()) observer.disconnect(); });
    observer.observe(document.body, { childList: true, subtree: true });
  };
  if (document.body) watch();
  else document.addEventListener('DOMContentLoaded', watch, { once: true });
})();`;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function print(score: PageScore) {
  const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);
  console.log(
    `${score.page.padEnd(8)} performance ${String(score.performance).padStart(3)}  ` +
      `accessibility ${String(score.accessibility).padStart(3)}  FCP ${ms(score.fcpMs)}  ` +
      `LCP ${ms(score.lcpMs)}  TBT ${ms(score.tbtMs)}  CLS ${score.cls.toFixed(3)}  ` +
      `SI ${ms(score.speedIndexMs)}  ${score.transferKb.toFixed(0).padStart(4)} KB ` +
      `in ${score.requests} requests (benchmark index ${score.benchmarkIndex})`,
  );
  console.log(`         LCP element: ${score.lcpElement}`);
  for (const failure of score.a11yFailures) console.log(`         a11y: ${failure}`);
}

/**
 * One round on a fresh demo server: opening the viewer marks its first story watched, and the
 * next opening would start at another story (a video, say). Every round starts from the same
 * demo data instead, so rounds measure the same pages.
 */
async function auditRound(round: number) {
  const server = await startDemoServer(port);
  try {
    const cookie = await signIn(server.url, VIEWER.email, VIEWER.password);
    const started = Date.now();
    const { ready, posted } = await waitForDemoStories(server, cookie);
    const readyAfter = (Date.now() - started) / 1000;
    const quietAfter = (await waitUntilQuiet(server.pid)) / 1000;
    console.log(
      `${rounds > 1 ? `round ${round}: ` : ''}demo data: ${ready}/${posted} stories ready after ` +
        `${readyAfter.toFixed(0)} s, the server quiet ${quietAfter.toFixed(0)} s later`,
    );
    const creator = (await homeCreators(server.url, cookie)).find((c) => c.name === PROFILE_NAME);
    if (!creator) throw new Error(`${PROFILE_NAME} is not on ${VIEWER.email}'s home lists`);

    const pages: PageToAudit[] = [
      { name: 'home', path: '/' },
      { name: 'profile', path: `/u/${encodeURIComponent(creator.slug)}` },
      { name: 'viewer', path: '/', beforeLoad: OPEN_FIRST_STORIES },
    ].filter((page) => !onlyPages || onlyPages.includes(page.name));
    const roundDir = rounds > 1 ? path.join(reportDir, `round-${round}`) : reportDir;
    const auditor = await startAuditor(server.url, cookie, roundDir);
    try {
      for (const page of pages) print(await auditor.audit(page));
    } finally {
      await auditor.close();
    }
  } finally {
    await server.stop();
  }
}

console.log(`${cpus().length} cores, load average ${load()} at start`);
console.log(
  `Lighthouse mobile, simulated throttling, signed in as ${VIEWER.email}; reports in ${reportDir}`,
);
for (let round = 1; round <= rounds; round++) await auditRound(round);
console.log(`load average ${load()} at end`);
// Lighthouse's or puppeteer's connection to the stopped browser can hold the event loop open.
process.exit(0);
