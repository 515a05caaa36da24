/** The demo feature's public face: what other features may use. */
export { DEMO_PEOPLE, demoEmail } from './demo-people.ts';
