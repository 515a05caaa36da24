/** The copyright screens, one chunk: the public notice form, the claimant's and the creator's pages. */
export { CopyrightNoticeScreen } from './CopyrightNoticeScreen.tsx';
export { CourtActionScreen } from './CourtActionScreen.tsx';
export { OwnNoticesScreen } from './OwnNoticesScreen.tsx';
