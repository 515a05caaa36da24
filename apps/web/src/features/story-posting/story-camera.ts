/**
 * The camera flow's pieces that another feature's own flow builds on (the chat camera of
 * chat-media): step 0 and 1, the price field and its rules, the post button and error list, and
 * the post call. index.ts hands this module out only as a dynamic import: it carries tus and
 * the camera code, which the pages showing NewStoryButton must not load up front.
 */
export { captureMeta, type Capture, type NewCapture } from './capture.ts';
export { CapturePreview } from './CapturePreview.tsx';
export { PostButton, type PostStatus } from './PostButton.tsx';
export { PostErrors } from './PostErrors.tsx';
export { usePostStory, type StoryPostDraft } from './post-story.queries.ts';
export { PostingPriceField } from './PostingPriceField.tsx';
export {
  changePostingPrice,
  choosePostingFree,
  initialPostingPrice,
  postingNeedsVerification,
  postingPriceAmount,
  postingPriceProblem,
  type PostingPrice,
} from './posting-rules.ts';
export type { PostingStep } from './posting-step.ts';
export { RecordStep } from './RecordStep.tsx';
export { ResultStep } from './ResultStep.tsx';
export { TagList } from './TagList.tsx';
