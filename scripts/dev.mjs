// `npm run dev`: the API in watch mode and Vite's dev server in front of it. Users open Vite's
// URL, so it is the public origin the API checks writes against.
import { spawn } from 'node:child_process';

const webPort = process.env.WEB_PORT ?? '5173';
const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${webPort}`;
const env = { ...process.env, PUBLIC_URL: publicUrl };

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort', '--host', '127.0.0.1'], {
    stdio: 'inherit',
    env,
    cwd: 'apps/web',
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && stop()));
