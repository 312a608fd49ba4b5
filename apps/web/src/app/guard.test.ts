import { describe, expect, it } from 'vitest';
import {
  adminRedirect,
  guardRoute,
  isPublicPath,
  newDesignRedirect,
  readQueryEffects,
  type GuardDecision,
  type GuardInput,
} from './guard';

const base: GuardInput = {
  pathname: '/profile',
  search: '',
  isSignedIn: false,
  isKnownRoute: true,
  previousPathname: null,
  language: 'ru',
};

describe('guardRoute (SPEC §4)', () => {
  it.each<[string, Partial<GuardInput>, GuardDecision]>([
    ['signed in: protected path', { isSignedIn: true }, { action: 'allow' }],
    ['signed in: public path', { isSignedIn: true, pathname: '/login' }, { action: 'allow' }],
    ...[
      '/', '/login', '/register', '/forgot', '/resetPage', '/gides', '/privacypolicy',
      '/termsofuse', '/cardredirect', '/callback', '/confirm_page', '/detailStation', '/comments',
    ].map((pathname): [string, Partial<GuardInput>, GuardDecision] => [
      `signed out: public ${pathname}`, { pathname }, { action: 'allow' },
    ]),
    ...['/precharging', '/chargeProfile', '/charging', '/history', '/dashboard', '/chat', '/shop'].map((pathname): [string, Partial<GuardInput>, GuardDecision] => [
      `signed out: private ${pathname}`, { pathname, language: 'en' }, { action: 'signOutAndRedirect', fromClient: pathname, to: '/?locale=en' },
    ]),
    ['public path with trailing slash', { pathname: '/login/' }, { action: 'allow' }],
    ['public path in other case', { pathname: '/RESETPAGE' }, { action: 'allow' }],
    ['not-found path is reachable', { pathname: '/no/such/page', isKnownRoute: false }, { action: 'allow' }],
    [
      'leaving the map: login dialog over the map',
      { previousPathname: '/', search: '?tab=1' },
      { action: 'loginDialog', fromClient: '/profile?tab=1' },
    ],
    [
      'direct open: sign out, home keeping the locale',
      { pathname: '/appSettings', language: 'en' },
      { action: 'signOutAndRedirect', fromClient: '/appSettings', to: '/?locale=en' },
    ],
    [
      'from another page than the map: sign out and home',
      { previousPathname: '/login', search: '?x=1', language: 'kz' },
      { action: 'signOutAndRedirect', fromClient: '/profile?x=1', to: '/?locale=kz' },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(guardRoute({ ...base, ...patch })).toEqual(expected);
  });

  it('treats unregistered public paths as public', () => {
    expect(isPublicPath('/gides')).toBe(true);
    expect(isPublicPath('/profile')).toBe(false);
  });
});

describe('adminRedirect', () => {
  it.each([
    ['/admin', '/admin/'],
    ['/foo/admin/bar', '/admin/'],
    ['/admin/', null],
    ['/admin/support/0b6e4f3a', null],
    ['/profile', null],
  ])('%s → %s', (pathname, expected) => {
    expect(adminRedirect(pathname)).toBe(expected);
  });
});

describe('readQueryEffects', () => {
  it.each([
    ['?locale=en-US', { language: 'en', fcmToken: null, clearNewDesign: false }],
    ['?locale=kz', { language: 'kz', fcmToken: null, clearNewDesign: false }],
    ['?locale=fr', { language: null, fcmToken: null, clearNewDesign: false }],
    ['?fcmtoken=abc&isOldDesign', { language: null, fcmToken: 'abc', clearNewDesign: true }],
    ['', { language: null, fcmToken: null, clearNewDesign: false }],
  ])('%s', (search, expected) => {
    expect(readQueryEffects(search)).toEqual(expected);
  });
});

describe('newDesignRedirect', () => {
  const input = {
    isNewDesign: true,
    hasOldDesignFlag: false,
    mainSiteUrl: 'https://main.example',
    pathname: '/profile',
    search: '?a=1',
    origin: 'https://app.example',
  };
  it.each([
    ['flag set: main site, same path', {}, 'https://main.example/profile?a=1'],
    ['flag not set', { isNewDesign: false }, null],
    ['isOldDesign in the query', { hasOldDesignFlag: true }, null],
    ['brand not loaded yet', { mainSiteUrl: undefined }, null],
    ['main site is this origin: no loop', { mainSiteUrl: 'https://app.example/' }, null],
  ])('%s', (_name, patch, expected) => {
    expect(newDesignRedirect({ ...input, ...patch })).toBe(expected);
  });
});
