import { describe, expect, it } from 'vitest';
import { ApiError, errorText } from './api-error';
import type { Language } from '@evcharge/domain/constants';
import { i18n, initI18n, loadNamespaces } from './i18n';

describe('errorText of a start at a closed station', () => {
  it.each([
    ['en', { opensAt: '08:00' }, 'The station is closed. Opens at 08:00.'],
    ['ru', { opensAt: '08:00' }, 'Станция закрыта. Откроется: 08:00.'],
    ['en', {}, 'The station is closed.'],
  ])('in %s with %j', async (language, details, text) => {
    await initI18n(language as Language);
    await loadNamespaces(['errors']);
    const error = new ApiError(409, 'STATION_CLOSED', 'Station is closed', [], details);
    expect(errorText(i18n.t, error)).toBe(text);
  });
});

describe('errorText of a command a station refused', () => {
  it.each([
    ['en', { reason: 'NOT_SUPPORTED' }, /does not take starts from our app/],
    ['ru', { reason: 'NOT_SUPPORTED' }, /не принимает запуск из нашего приложения/],
    ['en', { reason: 'offline' }, /cannot be reached right now/],
    ['en', { reason: 'busy', retryAfterSeconds: 29.2 }, /^The operator's system is busy; try again in 30 s\.$/],
    ['uz', { reason: 'busy', retryAfterSeconds: 30 }, /^Operator tizimi hozir band; 30 soniyadan soʻng/],
    ['en', { reason: 'REJECTED' }, /could not carry out this command/],
  ])('in %s with %j', async (language, details, text) => {
    await initI18n(language as Language);
    await loadNamespaces(['errors']);
    const error = new ApiError(409, 'COMMAND_REJECTED', 'Rejected', [], details);
    expect(errorText(i18n.t, error)).toMatch(text);
  });
});
