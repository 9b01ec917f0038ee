import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
// The first render as a transition: React renders it in slices and lets the browser paint and
// answer input between them, instead of one long task (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
