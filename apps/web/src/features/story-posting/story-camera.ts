/**
 * The camera flow that another feature's own flow builds on (the chat camera of chat-media): the
 * dialog with its steps and the before-posting form, told where the story goes. index.ts hands
 * this module out only as a dynamic import: it carries tus and the camera code, which the pages
 * showing NewStoryButton must not load up front.
 */
export { CameraPostingDialog, type CameraPostingDialogProps } from './CameraPostingDialog.tsx';
export type { ChatPostTarget, PostFormOptions, PostingVerification } from './PostForm.tsx';
