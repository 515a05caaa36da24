import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterImageShown, afterNextFrame } from './after-next-frame.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** One frame's worth of fake time: the pending animation frames, or the timers they set. */
const frame = () => vi.advanceTimersByTimeAsync(16);

describe('afterNextFrame', () => {
  it('runs after the next frame, in a task of its own', async () => {
    const callback = vi.fn();
    afterNextFrame(callback);
    expect(callback).not.toHaveBeenCalled();
    await frame(); // the frame: the callback's task is only queued
    expect(callback).not.toHaveBeenCalled();
    await frame();
    expect(callback).toHaveBeenCalledTimes(1);
  });
});

describe('afterImageShown', () => {
  it('waits for the decode, then for a frame drawn with it and the next', async () => {
    let decoded = () => undefined as void;
    const image = document.createElement('img');
    image.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    const callback = vi.fn();
    afterImageShown(image, callback);
    await frame();
    await frame();
    expect(callback).not.toHaveBeenCalled();

    decoded();
    await frame(); // the frame drawn with the picture
    await frame(); // the next one begins
    expect(callback).not.toHaveBeenCalled();
    await frame();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('goes by the frames alone when the decode fails', async () => {
    const image = document.createElement('img');
    image.decode = () => Promise.reject(new DOMException('bad picture', 'EncodingError'));
    const callback = vi.fn();
    afterImageShown(image, callback);
    await frame();
    await frame();
    await frame();
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
