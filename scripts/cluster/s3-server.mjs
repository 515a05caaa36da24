// The cluster's S3-compatible server (s3rver) in a process of its own, so the nodes, nginx and a
// load generator in the launcher's process never share its event loop. Prints its port once up.
import S3rver from 's3rver';
// ListParts, AbortMultipartUpload and ListMultipartUploads, which s3rver lacks and resumable
// uploads (@tus/s3-store) need; run with `node --import tsx`.
import { addMultipartListing } from '../../apps/server/src/test/s3rver-multipart.ts';

const [directory, port = '0'] = process.argv.slice(2);
if (!directory) throw new Error('usage: s3-server.mjs <directory> [port]');
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory });
addMultipartListing(server, directory);
const { port: listening } = await server.run();
process.stdout.write(`listening ${listening}\n`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
