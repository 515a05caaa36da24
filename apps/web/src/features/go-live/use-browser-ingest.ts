import { useEffect, useRef, useState } from 'react';
import { BrowserIngest, type IngestState } from './browser-ingest.ts';

interface IngestOptions {
  /** `ingest.browser_url` of the stream just created; null: nothing to send (OBS, or ended). */
  url: string | null;
  /** The camera; it may change (front/back) or be briefly absent while it switches. */
  media: MediaStream | null;
  mimeType: string | undefined;
}

/** Runs the browser ingest for `url` from the first camera it gets, following camera switches. */
export function useBrowserIngest({ url, media, mimeType }: IngestOptions) {
  const [state, setState] = useState<IngestState>({ status: 'connecting', secondsLeft: 0 });
  const ingestRef = useRef<BrowserIngest | null>(null);
  // The camera the ingest starts with: a switch later is a replaceMedia, not a restart.
  const [startMedia, setStartMedia] = useState<MediaStream | null>(null);
  if (url && media && !startMedia) setStartMedia(media);
  if (!url && startMedia) setStartMedia(null);

  useEffect(() => {
    if (!url || !startMedia || !mimeType) return;
    const ingest = new BrowserIngest(url, startMedia, mimeType, setState);
    ingestRef.current = ingest;
    ingest.start();
    return () => {
      ingestRef.current = null;
      ingest.stop();
    };
  }, [url, startMedia, mimeType]);

  useEffect(() => {
    if (media) ingestRef.current?.replaceMedia(media);
  }, [media]);

  return { state, stop: () => ingestRef.current?.stop() };
}
