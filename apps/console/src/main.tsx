import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyLocaleParam, initI18n } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  // SPEC §4 `?locale=`: the sign-in page and the signed-in console alike.
  void (applyLocaleParam(window.location.search) ?? initI18n()).then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
