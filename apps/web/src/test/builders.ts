import type { Brand } from '@/lib/brand';
import type { StoredClient } from '@/lib/storage';

/** A sign-in result as the server returns it, for tests that need a signed-in session. */
export function buildClient(accessToken = 'token', patch: Partial<StoredClient['user']> = {}): StoredClient {
  return {
    accessToken,
    CurrencyCode: 'rub',
    Lang: 'en',
    user: {
      id: 'u1', name: 'Anna', surname: 'Petrova', patronymic: null, email: 'anna@example.com',
      phone: '+79990000000', isEmailConfirmed: true, isPhoneConfirmed: false, Lang: 'en',
      accountType: 'PERSONAL', currency: 'rub', balanceMinor: 150_050, debtMinor: 0, ...patch,
    },
  };
}

/** The demo brand as GET /api/brand returns it. */
export function buildBrand(): Brand {
  return {
    id: 'demo', title: 'evcharge', shortTitle: 'evcharge', iconUrl: '/icon.svg',
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
    currency: 'rub', country: 'ru',
    map: { tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'OSM', center: [55.75, 37.61], zoom: 10 },
    mainSiteUrl: 'https://main.example', privacyPolicyVersion: '1', analyticsCounterId: null,
  };
}
