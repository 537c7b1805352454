import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { goingTo } from './app/router';
import { reloadOnNewRelease } from './lib/new-release';

reloadOnNewRelease(goingTo);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
