import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { formatDate } from '@/lib/format';
import { renderScreen } from '@/test/render';
import { ChatHours } from './chat-hours';

// SPEC §1: support works 9:00-21:00 (UTC+2) and answers within 30 minutes; the card says
// whether it is open now and, when not, when it opens on the driver's clock.

afterEach(() => {
  vi.useRealTimers();
});

describe('ChatHours', () => {
  it('says support is open at noon in UTC+2', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00.000Z'));
    await renderScreen(<ChatHours />);
    const card = screen.getByTestId('chat-hours');
    expect(card.dataset.open).toBe('true');
    expect(card.textContent).toContain('Support works 9:00 AM–9:00 PM (UTC+2) and answers within 30 minutes.');
    expect(screen.getByTestId('chat-hours-state').textContent).toBe('Open now');
  });

  it('says when support opens after 21:00 in UTC+2', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T19:30:00.000Z'));
    await renderScreen(<ChatHours />);
    expect(screen.getByTestId('chat-hours').dataset.open).toBe('false');
    const opens = new Date('2026-11-21T07:00:00.000Z');
    const time = formatDate(opens, 'en', { hour: '2-digit', minute: '2-digit' });
    const isNextDay = opens.getDate() !== new Date('2026-11-20T19:30:00.000Z').getDate();
    expect(screen.getByTestId('chat-hours-state').textContent).toBe(
      isNextDay ? `Closed now, opens tomorrow at ${time}` : `Closed now, opens at ${time}`,
    );
  });
});
