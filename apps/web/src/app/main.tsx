import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterFirstScreen } from '@/lib/first-screen';
import { initI18n } from '@/lib/i18n';
import { applyDisplayScale, initialLanguage } from '@/lib/preferences';
import { runBootRedirects } from './boot';
import { Providers } from './providers';
import { createAppRouter } from './router';
import '../styles/global.css';

async function start(): Promise<void> {
  if (!(await runBootRedirects())) return;
  applyDisplayScale();
  await initI18n(initialLanguage());
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // The service worker is no part of the first screen: it registers once that has rendered.
  void afterFirstScreen()
    .then(() => import('virtual:pwa-register'))
    .then(({ registerSW }) => registerSW({ immediate: true }));
}

void start();
