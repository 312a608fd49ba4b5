import { beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '@evcharge/api/events/events';
import { i18n, initI18n, loadNamespaces } from '@/lib/i18n';
import { eventLink, eventText } from './event-text';

const data = {
  reservationId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', stationName: 'Tverskaya 12', connectorNumber: 2,
  startsAt: '2026-11-20T10:00:00.000Z', endsAt: '2026-11-20T11:00:00.000Z', utcOffsetMinutes: 180,
};
const event = (type: UserEvent['type']): UserEvent => ({ id: 'e1', type, data, createdAt: '2026-11-20T10:55:00.000Z', readAt: null });

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(['settings']);
});

describe('reservation notifications (SPEC §4 reserve)', () => {
  it.each([
    ['reservationBegan', 'Your reservation has begun', /^Tverskaya 12, connector 2 is held for you until 2:00\s?PM\.$/],
    ['reservationEnding', 'Your reservation ends soon', /^Tverskaya 12, connector 2: it ends at 2:00\s?PM\. Start charging before then\.$/],
    ['reservationExpired', 'Reservation expired', /^Tverskaya 12, connector 2: the reservation ended unused at 2:00\s?PM\.$/],
    ['reservationFailed', 'The reservation could not begin', /^Tverskaya 12, connector 2: the station could not hold the connector at 1:00\s?PM\. Nothing was charged\.$/],
  ] as const)('%s reads at the station time and leads to the reservation', (type, title, text) => {
    const shown = eventText(i18n.t, event(type), 'en');
    expect(shown.title).toBe(title);
    expect(shown.text).toMatch(text);
    expect(eventLink(event(type))).toBe(`/reserve?id=${data.reservationId}`);
  });
});

describe('support’s answer (SPEC §2 chat)', () => {
  it('says support answered and leads to the chat', () => {
    const shown = eventText(i18n.t, event('supportAnswered'), 'en');
    expect(shown).toEqual({ title: 'Support answered', text: 'Open the chat to read the answer.' });
    expect(eventLink(event('supportAnswered'))).toBe('/chat');
  });
});
