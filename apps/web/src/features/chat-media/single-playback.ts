/**
 * One voice message plays at a time across the page: a player that starts pauses the one that
 * was playing. Module state on purpose: players in different chats and overlays never share a
 * React tree.
 */
let current: HTMLMediaElement | null = null;

export function claimPlayback(media: HTMLMediaElement): void {
  if (current && current !== media && !current.paused) current.pause();
  current = media;
}

export function releasePlayback(media: HTMLMediaElement): void {
  if (current === media) current = null;
}
