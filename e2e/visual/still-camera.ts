/**
 * A still picture for Chromium's fake camera (`--use-file-for-fake-video-capture`), so the
 * camera step of posting a story shows the same frame on every run instead of Chromium's moving
 * test pattern. One Y4M frame (4:2:0), which Chromium repeats: a soft blue-to-teal gradient
 * with a lighter square in the middle.
 */
export function stillCameraY4m(width = 640, height = 480): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`);
  const luma = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inSquare =
        Math.abs(x - width / 2) < height / 6 && Math.abs(y - height / 2) < height / 6;
      luma[y * width + x] = inSquare ? 200 : Math.round(70 + (60 * y) / height);
    }
  }
  // Chroma at half resolution: a bluish tint that turns teal towards the bottom.
  const chromaSize = (width / 2) * (height / 2);
  const blueDifference = Buffer.alloc(chromaSize);
  const redDifference = Buffer.alloc(chromaSize);
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < width / 2; x++) {
      blueDifference[y * (width / 2) + x] = 150;
      redDifference[y * (width / 2) + x] = Math.round(120 - (20 * y) / (height / 2));
    }
  }
  return Buffer.concat([header, luma, blueDifference, redDifference]);
}
