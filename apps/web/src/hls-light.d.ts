// hls.js ships its light build (no subtitles, DRM or alternate audio: a live stream needs none)
// without a types entry of its own; it has the full build's API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
