import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadFirstRoute } from './app/first-route.ts';
import { appQueryClient } from './app/query-client.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Before the first render: the user, the screen's code and its data start loading together.
preloadFirstRoute(appQueryClient(), window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
