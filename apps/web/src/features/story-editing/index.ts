/**
 * What posting a story and editing one share (the hashtag text field, verification before a
 * price, the story error texts): a feature of its own, so story-posting and own-stories both
 * build on it instead of reaching into each other.
 */
export { HashtagTextarea } from './HashtagTextarea.tsx';
export { VerifyDialog } from './VerifyDialog.tsx';
export { extractTags, formatHashtagText, hasTooManyHashtags } from './hashtags.ts';
export { errMsgFields, postErrorMessages, storyMessage } from './story-errors.ts';
export { useVerificationCheck } from './use-verification-check.ts';
