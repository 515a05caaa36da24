/**
 * Traces locally, for a failure to be stepped through in the trace viewer; none in CI, whose
 * fresh clone is thrown away with them. Recording one for every test (kept only on failure)
 * cost about 40% of the journeys' CPU on a 2-core runner: a screenshot and DOM snapshot per step.
 */
export const traceMode = process.env.CI ? 'off' : 'retain-on-failure';
