import type { StoryMediaMeta } from '@glimpse/contract';

/** What step 0 produced (a photo, a recording or a picked file), shown in step 1, posted in 2. */
export interface Capture {
  file: File;
  isVideo: boolean;
  width?: number | undefined;
  height?: number | undefined;
  /** Seconds, for videos. */
  duration?: number | undefined;
  frontCamera: boolean;
  /** A blob: URL of `file` for the previews; the posting flow creates and revokes it. */
  previewUrl: string;
}

/** A capture as step 0 hands it over, before the flow gives it a preview URL. */
export type NewCapture = Omit<Capture, 'previewUrl'>;

const META_MAX_SIDE = 16_384;
const META_MAX_SECONDS = 600;

function side(value: number | undefined): number | undefined {
  return value && value > 0 && value <= META_MAX_SIDE ? Math.round(value) : undefined;
}

/** The capture details sent with the post; values the server would refuse are left out. */
export function captureMeta(capture: NewCapture, muted: boolean): StoryMediaMeta {
  const width = side(capture.width);
  const height = side(capture.height);
  const duration =
    capture.duration && Number.isFinite(capture.duration) && capture.duration > 0
      ? Math.min(Math.round(capture.duration * 100) / 100, META_MAX_SECONDS)
      : undefined;
  return {
    muted: capture.isVideo && muted,
    ...(width !== undefined && { width }),
    ...(height !== undefined && { height }),
    ...(duration !== undefined && { duration }),
    front_camera: capture.frontCamera,
    landscape: width !== undefined && height !== undefined && width > height,
    slow_motion: false,
  };
}

export function isVideoFile(file: File): boolean {
  return file.type.startsWith('video/');
}

/** Size and length of a picked file, read by the browser; unknown values stay undefined. */
export function readMediaInfo(file: File): Promise<Omit<NewCapture, 'file' | 'frontCamera'>> {
  const isVideo = isVideoFile(file);
  const url = URL.createObjectURL(file);
  return new Promise((resolve) => {
    const done = (info: Omit<NewCapture, 'file' | 'frontCamera' | 'isVideo'>) => {
      URL.revokeObjectURL(url);
      resolve({ isVideo, ...info });
    };
    if (isVideo) {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.onloadedmetadata = () =>
        done({ width: video.videoWidth, height: video.videoHeight, duration: video.duration });
      video.onerror = () => done({});
      video.src = url;
    } else {
      const image = new Image();
      image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => done({});
      image.src = url;
    }
  });
}

/** A JPEG of the frame the camera shows right now. */
export function capturePhoto(video: HTMLVideoElement): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(new File([blob], `story-${Date.now()}.jpg`, { type: 'image/jpeg' }))
          : reject(new Error('The camera frame could not be captured')),
      'image/jpeg',
      0.92,
    );
  });
}

/** The first recording format this browser offers that the server accepts (mp4 or webm). */
export function recorderMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return [
    'video/mp4;codecs=avc1,mp4a',
    'video/mp4',
    'video/webm;codecs=vp9,opus',
    'video/webm;codecs=vp8,opus',
    'video/webm',
  ].find((type) => MediaRecorder.isTypeSupported(type));
}
