// TEMPORARY (not committed): runs the journeys against an already running server.
import base from './playwright.config.ts';
export default { ...base, webServer: undefined };
