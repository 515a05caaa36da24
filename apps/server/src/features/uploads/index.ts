/** The uploads feature's public face: what other features may use. */
export { createTusUploads } from './tus-server.ts';
export type { TusUploads } from './tus-server.ts';
export { uploadsRoutes } from './uploads.routes.ts';
export { discardUpload, finishedUploadFile } from './uploads.service.ts';
