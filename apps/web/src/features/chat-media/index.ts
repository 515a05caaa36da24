/**
 * The chat-media feature's public face: the voice recorder and player, the story bubble and the
 * camera flow that the chat screen plugs into its composer and message list.
 */
export { AudioMessagePlayer, type AudioMessagePlayerProps } from './AudioMessagePlayer.tsx';
export { AudioRecorderButton, type AudioRecorderButtonProps } from './AudioRecorderButton.tsx';
export { ChatCameraFlow, type ChatCameraFlowProps } from './ChatCameraFlow.tsx';
export { ChatPhotoButton, type ChatPhotoButtonProps } from './ChatPhotoButton.tsx';
export { ChatStoryBubble, type ChatStoryBubbleProps } from './ChatStoryBubble.tsx';
