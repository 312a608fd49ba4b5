import type { Brand } from '@evcharge/api/brand/get-brand';

// The demo deployment. SPEC §1: support 9:00-21:00 at UTC+2, answers within 30 minutes.
export const demoBrand: Brand = {
  id: 'demo',
  title: 'evcharge',
  shortTitle: 'evcharge',
  iconUrl: '/icon.svg',
  colors: { primary: '#0b8a5f', primaryDark: '#066246', accent: '#f5a623' },
  support: {
    contacts: [
      { type: 'Email', value: 'support@evcharge.demo' },
      { type: 'Telegram', value: '@evcharge_support' },
      { type: 'SupportPhoneNumber', value: '+7 800 555-35-35' },
    ],
    hours: { from: '09:00', to: '21:00', utcOffsetMinutes: 120 },
    responseMinutes: 30,
  },
  currency: 'rub',
  country: 'ru',
  map: {
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution:
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    center: [55.7558, 37.6173],
    zoom: 10,
  },
  mainSiteUrl: 'https://evcharge.demo',
  privacyPolicyVersion: '2026-10-01',
  analyticsCounterId: null,
  seller: {
    name: 'ООО «Евочардж Демо»',
    taxId: '7701234567',
    address: '125009, Москва, ул. Тверская, д. 1',
    email: 'receipts@evcharge.demo',
    vatRatePercent: 20,
  },
};
