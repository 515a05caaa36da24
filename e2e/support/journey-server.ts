/**
 * The journeys' server: the built app on a fresh data directory with the demo seed, exactly as
 * `npm start` would run it. playwright.config.ts starts it as its webServer, or reuses the one
 * run-suites.ts started ahead (so its demo seed runs while the screenshot suite does).
 */
export interface JourneyServer {
  /** Run from the e2e folder: empties the data dir, copies the web app, starts the server. */
  command: string;
  /** Answers once the server listens, which it does after the demo seed. */
  url: string;
  baseURL: string;
  env: Record<string, string>;
}

export function journeyServer(port: number, dataDir: string): JourneyServer {
  // localhost, not 127.0.0.1: passkeys need a domain for their relying party (WebAuthn refuses
  // an IP address), and the server takes PUBLIC_URL as that.
  const baseURL = `http://localhost:${port}`;
  // The server serves a private copy of the built web app, so a rebuild of apps/web/dist during
  // the run (another terminal, `npm run dev`) cannot swap the hashed chunks under the open pages.
  const webDir = journeyWebDir(dataDir);
  return {
    command: [
      `rm -rf ${dataDir} ${webDir}`,
      `cp -r ../apps/web/dist ${webDir}`,
      `test -f ${webDir}/index.html`,
      'node ../apps/server/dist/main.js',
    ].join(' && '),
    url: `${baseURL}/api/echo`,
    baseURL,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'warn',
      SIGNUPS_PER_HOUR: '1000',
      MAILED_LINKS_PER_WINDOW: '1000',
      CHECK_RESPONSES: 'true',
      // No RTMP listener (a port another run may hold) and no demo stream encoding the whole
      // run through: the journeys start the streams they need.
      RTMP_PORT: '0',
      DEMO_LIVE: 'false',
    },
  };
}

export function journeyWebDir(dataDir: string): string {
  return `${dataDir}-web`;
}
