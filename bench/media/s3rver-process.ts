// s3rver (the S3-compatible server the tests use) in a process of its own, so the bench can read
// its CPU apart from the API's and the load's: `tsx s3rver-process.ts <dir>` prints its port.
import S3rver from 's3rver';

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.argv[2]!,
});
const { port } = await server.run();
process.stdout.write(`${port}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
