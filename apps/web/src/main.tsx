import { startFirstRequests } from './app/first-requests.ts';
import { preloadScreen } from './app/screen-chunks.ts';
import './index.css';

/*
 * The boot chunk: as small as it can be, so that on a slow phone it runs at once. It starts the
 * first screen's requests and its chunk, then loads React and the app (app/start.tsx), which
 * download meanwhile (index.html preloads them). docs/ARCHITECTURE.md, "Web boot sequence".
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startFirstRequests(window.location.pathname);
preloadScreen(window.location.pathname);
void import('./app/start.tsx').then(({ start }) => start(root));
