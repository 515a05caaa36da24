// Runs in the headless browser (added as a script tag after hls.js): plays live playlists with
// hls.js as the watch screen configures it, side by side in one page (a hidden tab would not
// render), and reads the burned-in clock of every frame each video presents
// (requestVideoFrameCallback) from a canvas: latency = now - the frame's clock.
/* global window, document, Hls */

function startPlayer(url, config, clock) {
  const state = {
    /** [when (ms since epoch), glass-to-glass latency (ms)] per presented frame read. */
    samples: [],
    /** Frames whose strip did not read back (top row not the inverse of the bottom row). */
    misreads: 0,
    stalls: 0,
    errors: [],
    /** hls.js's buffer stalls since the start: each moves its target latency back (up to 1 s). */
    bufferStalls: 0,
    /** hls.js's target latency behind its live edge estimate (s), read with `report()`. */
    target: null,
  };
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  video.style.width = '320px';
  document.body.append(video);
  const hls = new Hls(config);
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.details === Hls.ErrorDetails.BUFFER_STALLED_ERROR) state.bufferStalls += 1;
    if (data.fatal) state.errors.push(data.details);
    if (data.fatal && data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  video.addEventListener('waiting', () => (state.stalls += 1));

  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const wrap = 2 ** clock.bits;
  const read = () => {
    const scale = video.videoWidth / clock.sourceWidth;
    const [bw, bh] = [clock.blockWidth * scale, clock.blockHeight * scale];
    const [width, height] = [Math.ceil(clock.bits * bw), Math.ceil(2 * bh)];
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height, 0, 0, width, height);
    const now = performance.timeOrigin + performance.now();
    const { data } = context.getImageData(0, 0, width, height);
    const bright = (x, y) => {
      const i = (Math.floor(y) * width + Math.floor(x)) * 4;
      return data[i] + data[i + 1] + data[i + 2] > 3 * 128;
    };
    let code = 0;
    for (let k = 0; k < clock.bits; k += 1) {
      const x = (k + 0.5) * bw;
      const bit = bright(x, 0.5 * bh);
      if (bit === bright(x, 1.5 * bh)) {
        state.misreads += 1;
        return;
      }
      if (bit) code += 2 ** k;
    }
    state.samples.push([now, (((Math.round(now) - code) % wrap) + wrap) % wrap]);
  };
  const onFrame = () => {
    if (video.videoWidth > 0) read();
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  /** Back to hls.js's live sync point, when a slow start left the player further behind. */
  const resync = () => {
    const target = hls.liveSyncPosition;
    if (target !== null && video.currentTime < target - 0.5) video.currentTime = target;
  };
  return { state, resync, hls };
}

window.liveBench = {
  players: [],
  start(url, config, clock) {
    this.players.push(startPlayer(url, config, clock));
  },
  resync() {
    for (const player of this.players) player.resync();
  },
  /** What the bench reads back (plain data only), per player in the order started. */
  report() {
    return this.players.map((player) => ({ ...player.state, target: player.hls.targetLatency }));
  },
};
