import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { AboutPage } from '@/features/about/components/about-page';
import { HelpPage } from '@/features/about/components/help-page';
import { GuidesPage } from '@/features/guides/components/guides-page';
import { ProfileActions } from '@/features/account/components/profile-actions';
import { markFirstScreenRendered } from '@/lib/first-screen';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { isKnownPath } from './paths';
import { PublicLayout } from './public-layout';
import { AppShell } from './shell/app-shell';

// SPEC §2: every link inside the app opens one of its routes. Screens the SPEC names but the
// app does not have yet are linked from nowhere, even where a guide already describes them.

const origin = 'http://localhost';

/** Same-origin link targets on the page that no route answers. */
function unknownLinkTargets(): string[] {
  return [...document.querySelectorAll('a[href]')]
    .map((anchor) => anchor.getAttribute('href') ?? '')
    .filter((href) => !href.startsWith('#'))
    .map((href) => new URL(href, origin))
    .filter((url) => url.origin === origin && !isKnownPath(url.pathname))
    .map((url) => url.pathname);
}

async function linksOf(element: ReactElement, testId?: string): Promise<string[]> {
  await renderScreen(element);
  if (testId) await screen.findByTestId(testId);
  // The signed-in header tools load lazily: their links count too.
  await waitFor(() => expect(document.querySelectorAll('a[href]').length).toBeGreaterThan(0));
  return unknownLinkTargets();
}

beforeEach(() => {
  clearSession();
  markFirstScreenRendered();
  const server = routeFetch([
    { path: '/api/events', reply: () => jsonResponse(200, { items: [], total: 0, unreadCount: 0, page: 1, pageSize: 1 }) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('in-app links', () => {
  it('finds a link to a route the app does not have', () => {
    document.body.innerHTML = '<a href="/no_such_screen?item=1">x</a><a href="/gides#guide-reserve">y</a><a href="/shop?view=cart">v</a><a href="/reserve?id=1">w</a><a href="mailto:a@b.c">z</a>';
    expect(unknownLinkTargets()).toEqual(['/no_such_screen']);
    document.body.innerHTML = '';
  });

  it.each([
    ['the guides, signed out', () => <GuidesPage />, 'guides-page', false],
    ['the guides, signed in', () => <GuidesPage />, 'guides-page', true],
    ['the about page', () => <AboutPage />, 'about-page', true],
    ['the help page', () => <HelpPage />, 'help-page', true],
    ['the profile menu', () => <ProfileActions />, 'profile-guides-link', true],
    ['the shell (header, tab bar, footer) signed out', () => <AppShell />, undefined, false],
    ['the shell (header, tab bar, footer) signed in', () => <AppShell />, 'header-profile-chip', true],
    ['the public layout', () => <PublicLayout />, undefined, false],
  ] as const)('%s link only to routes of the app', async (_name, make, testId, signedIn) => {
    if (signedIn) startSession(buildClient('tok'));
    expect(await linksOf(make(), testId)).toEqual([]);
  });
});
