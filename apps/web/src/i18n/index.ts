import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './resources.ts';

// Resources are bundled (English only for now), so init is synchronous and `t` works at once.
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export { i18n };
