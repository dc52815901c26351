import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { startLanguage } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The route's loaders ask for its data (the ticket, a page of the list) and its screen's script now,
// not once React has rendered for the first time: on a slow phone that render takes a few hundred
// milliseconds the request need not wait for. The router's provider joins this load when it mounts.
router.load().catch(console.error);

// A reader of Bangla sees Bangla from the first screen: its words load before the first render.
// (A promise, not a top-level await: that would split the entry into many small chunks.)
void startLanguage().then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
