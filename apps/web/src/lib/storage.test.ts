import { describe, expect, it } from 'vitest';
import {
  clearIsNewDesign,
  readClient,
  readFromClient,
  readIsNewDesign,
  readLanguage,
  storageKeys,
  writeClient,
  writeFromClient,
  writeLanguage,
  type StoredClient,
} from './storage';

const client = { accessToken: 'tok', CurrencyCode: 'rub', Lang: 'ru' } as StoredClient;

describe('storage', () => {
  it('uses the key names of SPEC §3', () => {
    expect(storageKeys).toMatchObject({
      client: 'client', language: 'Lang', isNewDesign: 'isNewDesign', currencyCode: 'CurrencyCode',
      fcmToken: 'fcmToken', fromClient: 'fromClient',
    });
  });

  it('keeps the client record as JSON under `client`', () => {
    writeClient(client);
    expect(JSON.parse(localStorage.getItem('client')!)).toEqual(client);
    expect(readClient()).toEqual(client);
    writeClient(null);
    expect(localStorage.getItem('client')).toBeNull();
  });

  it.each([
    ['corrupt JSON', '{oops'],
    ['no token', JSON.stringify({ Lang: 'ru' })],
    ['empty token', JSON.stringify({ accessToken: '' })],
  ])('treats a %s record as signed out', (_name, raw) => {
    localStorage.setItem('client', raw);
    expect(readClient()).toBeNull();
  });

  it('accepts only our languages under `Lang`', () => {
    writeLanguage('kz');
    expect(localStorage.getItem('Lang')).toBe('kz');
    expect(readLanguage()).toBe('kz');
    localStorage.setItem('Lang', 'fr');
    expect(readLanguage()).toBeNull();
  });

  it('reads isNewDesign only when it is the string true', () => {
    localStorage.setItem('isNewDesign', 'true');
    expect(readIsNewDesign()).toBe(true);
    clearIsNewDesign();
    expect(readIsNewDesign()).toBe(false);
    localStorage.setItem('isNewDesign', '1');
    expect(readIsNewDesign()).toBe(false);
  });

  it('keeps fromClient in sessionStorage and refuses other sites', () => {
    writeFromClient('/profile?tab=1');
    expect(sessionStorage.getItem('fromClient')).toBe('/profile?tab=1');
    expect(readFromClient()).toBe('/profile?tab=1');
    sessionStorage.setItem('fromClient', '//evil.example/x');
    expect(readFromClient()).toBeNull();
    sessionStorage.setItem('fromClient', 'https://evil.example');
    expect(readFromClient()).toBeNull();
  });
});
