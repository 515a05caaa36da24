import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIGNED_IN_HINT = `localStorage.setItem('glimpse.signedIn', '1');`;

/** One Lighthouse report reduced to the numbers the README keeps. */
export interface PageScore {
  page: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKb: number;
  requests: number;
  lcpElement: string;
  /**
   * Lighthouse's measure of this machine's speed at the time (higher is faster; a quiet desktop
   * scores 1000-2000). Simulated throttling scales observed CPU time, so on a loaded machine
   * (a low index) TBT and LCP come out worse than a phone would see.
   */
  benchmarkIndex: number;
  /** Titles of the accessibility audits that failed, for the next fix. */
  a11yFailures: string[];
}

export interface PageToAudit {
  name: string;
  path: string;
  /**
   * Source run in the page before any of its own scripts (each new document), e.g. to open the
   * story viewer the moment the home list shows a creator.
   */
  beforeLoad?: string;
}

export interface Auditor {
  audit(target: PageToAudit): Promise<PageScore>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, started by chrome-launcher (never a downloaded browser), driven by
 * Lighthouse's Node API through puppeteer so a page can carry the session cookie and a
 * before-load script. Lighthouse's defaults are the mobile preset: a Moto G Power sized screen,
 * simulated throttling (slow 4G, 4x CPU slowdown) and a cold cache for every navigation.
 */
export async function startAuditor(
  baseUrl: string,
  sessionCookie: string,
  reportDir: string,
): Promise<Auditor> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  let connected: Browser;
  try {
    connected = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
  } catch (error) {
    chrome.kill();
    throw error;
  }
  const browser = connected;
  const [cookieName, ...cookieValue] = sessionCookie.split('=');
  mkdirSync(reportDir, { recursive: true });
  let runs = 0;

  return {
    async audit(target) {
      // On a busy machine Chromium now and then loses the trace (NO_NAVSTART): run it again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await auditOnce(target);
        } catch (error) {
          if (attempt >= 3 || !(error instanceof LighthouseRunError)) throw error;
          console.warn(`${target.name}: ${error.message}; running it again`);
        }
      }
    },
    async close() {
      await browser.disconnect();
      chrome.kill();
    },
  };

  async function auditOnce(target: PageToAudit): Promise<PageScore> {
    const page: Page = await browser.newPage();
    try {
      await browser.setCookie({
        name: cookieName!,
        value: cookieValue.join('='),
        domain: new URL(baseUrl).hostname,
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      });
      // The browser that holds the session also holds what signing in there left behind: the
      // web app's signed-in hint (apps/web/src/lib/signed-in-hint.ts), as a returning visitor's.
      await page.evaluateOnNewDocument(SIGNED_IN_HINT);
      if (target.beforeLoad) await page.evaluateOnNewDocument(target.beforeLoad);
      const result = await lighthouse(
        `${baseUrl}${target.path}`,
        {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility'],
        },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse answered nothing for ${target.path}`);
      runs += 1;
      const file = path.join(reportDir, `${String(runs).padStart(2, '0')}-${target.name}.json`);
      writeFileSync(file, JSON.stringify(result.lhr));
      // The unthrottled trace behind the report, for finding what a long task was (LH_TRACES=1).
      if (process.env.LH_TRACES === '1') {
        writeFileSync(
          file.replace(/\.json$/, '.trace.json'),
          JSON.stringify(result.artifacts.Trace),
        );
      }
      return summarize(target.name, result.lhr);
    } finally {
      await page.close();
    }
  }
}

/** A report Lighthouse produced but could not measure (its `runtimeError`). */
export class LighthouseRunError extends Error {}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return (node?.snippet ?? node?.nodeLabel ?? '?').slice(0, 140);
}

export function summarize(page: string, lhr: Result): PageScore {
  if (lhr.runtimeError) throw new LighthouseRunError(`${page}: ${lhr.runtimeError.message}`);
  const accessibility = lhr.categories.accessibility!;
  return {
    page,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility.score ?? 0) * 100),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    transferKb: numeric(lhr, 'total-byte-weight') / 1024,
    requests:
      (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items
        ?.length ?? 0,
    lcpElement: lcpElement(lhr),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    a11yFailures: accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id]!.title}`),
  };
}
