import { startFirstRequests } from './app/first-requests.ts';
import { preloadScreen } from './app/screen-chunks.ts';
import { detectLanguage, loadBundledTexts } from './i18n/languages.ts';
import { nextTask } from './lib/next-task.ts';
import './index.css';

/*
 * The boot chunk: as small as it can be, so that on a slow phone it runs at once. It starts the
 * first screen's requests and its chunk, then loads React and the app (app/start.tsx), which
 * download meanwhile (index.html preloads them). docs/ARCHITECTURE.md, "Web boot sequence".
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startFirstRequests(window.location.pathname);
// Another language than English: its first page's texts download alongside the app's code.
loadBundledTexts(detectLanguage()).catch(() => undefined);
/*
 * One step per task: the screen chunk's preload links, then each large chunk's top-level code
 * (the libraries, React DOM, the shell). Run together they were one long task on a slow phone,
 * a few hundred milliseconds in which a tap waits.
 */
void nextTask()
  .then(() => preloadScreen(window.location.pathname))
  .then(() => import('react'))
  .then(nextTask)
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./app/start.tsx'))
  .then(({ start }) => start(root));
