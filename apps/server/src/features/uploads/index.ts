/** The uploads feature's public face: resumable uploads. */
// For the composition root: the tus server and the routes.
export { createTusUploads } from './tus-server.ts';
export { uploadsRoutes } from './uploads.routes.ts';
// A finished upload's bytes, for the feature that turns it into content (stories).
export type { TusUploads } from './tus-server.ts';
export type { FinishedUploadSource } from './uploads.service.ts';
export { discardUpload, finishedUploadSource } from './uploads.service.ts';
