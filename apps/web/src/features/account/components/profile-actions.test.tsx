import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { loyaltyAvailableQueryOptions } from '@/lib/loyalty-query';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { ProfileActions } from './profile-actions';

function serve(available: boolean) {
  const server = routeFetch([{ path: '/api/loyalty/check/available', reply: () => jsonResponse(200, { available }) }]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => startSession(buildClient('tok')));

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('ProfileActions', () => {
  it('offers loyalty cards, after the bank cards, where the deployment has a programme (SPEC §7 Loyalty)', async () => {
    serve(true);
    await renderScreen(<ProfileActions />, '/profile');
    const link = await screen.findByTestId('profile-loyalty-link');
    expect(link.getAttribute('href')).toBe('/loyalty_cards');
    expect(link.textContent).toContain('Loyalty cards');
    expect(screen.getByTestId('profile-cards-link').nextElementSibling).toBe(link);
  });

  it('leaves loyalty cards out where there is no programme', async () => {
    serve(false);
    const { client } = await renderScreen(<ProfileActions />, '/profile');
    // Only once the answer is in can the link's absence mean anything.
    await waitFor(() => expect(client.getQueryData(loyaltyAvailableQueryOptions().queryKey)).toBe(false));
    expect(screen.getByTestId('profile-cards-link')).toBeTruthy();
    expect(screen.queryByTestId('profile-loyalty-link')).toBeNull();
  });

  it('opens the support chat, and the chat in feedback mode for feedback about the app (SPEC §2 chat)', async () => {
    serve(false);
    await renderScreen(<ProfileActions />, '/profile');
    expect(screen.getByTestId('profile-chat-link').getAttribute('href')).toBe('/chat');
    expect(screen.getByTestId('profile-chat-link').textContent).toContain('Support chat');
    const feedback = screen.getByTestId('feedback-link');
    expect(feedback.getAttribute('href')).toBe('/chat?feedback=1');
    expect(feedback.textContent).toContain('Feedback about the app');
  });
});
