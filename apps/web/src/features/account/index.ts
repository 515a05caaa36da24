/** The account feature's public face: the security screen is reached by its route (app/screen-chunks.ts). */
export { UnverifiedEmailNotice } from './UnverifiedEmailNotice.tsx';
