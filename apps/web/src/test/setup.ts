import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import '../i18n/index.ts';
// Texts that production registers when their feature's code loads (the first page's budget):
// component tests render those features' pieces directly, so they get them up front.
import '../features/money/money-texts.ts';
import '../features/verification/verification-texts.ts';
import '../features/chat/chat-texts.ts';
import '../features/profile/profile-texts.ts';
import '../features/filter/filter-texts.ts';
import '../features/story-viewer/viewer-texts.ts';
import '../features/live/live-texts.ts';
import '../features/go-live/go-live-texts.ts';
import { releaseHeldStoryPictures } from '../features/story-viewer/story-picture.ts';
import { forgetEarlyRequests } from '../lib/early-requests.ts';
import { forgetLoadedModules } from '../lib/lazy-module.ts';
import { fakeServer } from './fake-realtime.ts';

// findBy* and waitFor wait 1 s by default; lazy screens and user-event typing take longer than
// that on a loaded 2-core runner, and a test that waits longer for the same truth is no weaker.
configure({ asyncUtilTimeout: 5_000 });

// sonner removes a closing snackbar 200 ms after it starts to close, by a timer that calls React
// even when the tree is gone; in an isolated file jsdom is gone by then and React throws
// "window is not defined". A file that showed a snackbar lets those timers run out first.
const SNACKBAR_REMOVAL_MS = 250;
let snackbarShown = false;

afterEach(() => {
  snackbarShown ||= document.querySelector('[data-sonner-toast]') !== null;
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  // jsdom has no camera, microphone or passkeys: what a test gave navigator in their place goes.
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(navigator, 'credentials');
  // A test's fake socket (fake-realtime.ts) goes with it: later files get no socket, as before.
  // Last, as it throws when a screen left a listener behind.
  fakeServer.close();
});

// The `web` project runs its files one after another in the same jsdom (isolate: false): what a
// file leaves outside React's trees (portals' containers, the address it navigated to, session
// storage, snackbars still queued in sonner, which a new Toaster would show) goes before the
// next file starts, and so does what a page keeps for its lifetime (the code its lazy modules
// loaded, the boot code's early requests, the story pictures held for the viewer).
afterAll(async () => {
  // A snackbar raised as a test ended reaches sonner a task later (ui/snackbar.ts).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { toast } = await import('sonner');
  toast.dismiss();
  if (snackbarShown) await new Promise((resolve) => setTimeout(resolve, SNACKBAR_REMOVAL_MS));
  snackbarShown = false;
  document.body.replaceChildren();
  document.documentElement.removeAttribute('style');
  document.body.removeAttribute('style');
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  forgetLoadedModules();
  forgetEarlyRequests();
  releaseHeldStoryPictures();
});

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// jsdom has no ResizeObserver; Radix measures with it (menus' positions, the Slider's thumbs).
// Set once here, not stubbed: the stubs are undone after every test.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
