import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { onUnauthorized } from './api/client.ts';
import { AppProviders } from './app/AppProviders.tsx';
import { router } from './app/routes.tsx';
import { resetSession } from './store/session.ts';
// MapLibre's own CSS first, then ours: global.css overrides it on equal terms (.map-view over
// .maplibregl-map), so it must come later in the cascade. With the map in a lazy chunk (ADR 0078)
// its CSS would arrive after global.css; imported here it stays before it, in the first load.
import 'maplibre-gl/dist/maplibre-gl.css';
import './app/global.css';

// A 401 from any call means the session is gone: clear everything; the guard shows /Login.
onUnauthorized(resetSession);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
