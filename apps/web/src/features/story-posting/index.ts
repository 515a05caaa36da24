/** The story-posting feature's public face: what other features may import. The rest of the folder is its own. */
export { HashtagTextarea } from './HashtagTextarea.tsx';
export { NewStoryButton } from './NewStoryButton.tsx';
export { VerifyDialog } from './VerifyDialog.tsx';
export { formatHashtagText } from './hashtags.ts';
export { errMsgFields, storyMessage } from './story-errors.ts';
export { useVerificationCheck } from './use-verification-check.ts';
