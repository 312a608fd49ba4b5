import { describe, expect, it } from 'vitest';
import {
  AppError,
  errorCatalogue,
  errorCodes,
  errorStatus,
  errorTranslationKey,
  isErrorCode,
  type ErrorCode,
} from './errors';

// SPEC §8, payment acquirer codes, verbatim.
const acquirerMeanings = [
  'insufficient funds',
  'card expired',
  'invalid amount',
  'bank transaction error',
  'request error to acquirer',
  'internal business service error',
  'internal service error',
  'acquirer response error',
  'incorrect request signature',
  'unknown error',
  'merchant not found',
  '3D-Secure failure',
  'payment cancellation error',
  'payment system configuration error',
  'error in payment method',
  'invalid validation',
  'payment with this Id already exists',
  'transaction not found',
  'method not activated',
  'payment in test mode',
  'payment system error',
  'service unavailable',
  'payment frequency limit exceeded',
];

describe('acquirer codes (SPEC §8)', () => {
  it.each(acquirerMeanings.map((meaning, i) => [`ACQ${i + 1}`, meaning]))(
    '%s means %s',
    (code, meaning) => {
      expect(isErrorCode(code)).toBe(true);
      const entry = errorCatalogue[code as ErrorCode];
      expect(entry.message.toLowerCase()).toBe(meaning.toLowerCase());
      expect(entry.status).toBe(402);
    },
  );

  it('has no acquirer code beyond ACQ23', () => {
    expect(errorCodes.filter((code) => code.startsWith('ACQ'))).toHaveLength(23);
  });
});

describe('other messages (SPEC §8)', () => {
  it.each<[ErrorCode, string, number]>([
    ['INVALID_CREDENTIALS', 'Invalid login or password', 401],
    ['ACCOUNT_BLOCKED', 'The account is blocked. Set a new password or contact support', 423],
    ['USER_NOT_FOUND', 'User not found by email', 404],
    ['DEBT_BLOCKS', 'Unpaid orders or debt block continuing', 402],
    ['CONNECTOR_BUSY', 'A session on this connector is already running', 409],
    ['TOO_MANY_SESSIONS', 'Too many simultaneous sessions for the user', 409],
    ['STATION_BOOKED', 'Station already booked for this time', 409],
    ['COMMAND_REJECTED', 'The station cannot execute this command', 409],
    ['EMERGENCY_STOP', 'Station emergency button pressed', 409],
    ['PASSWORD_CHANGE_FAILED', 'Error changing password', 400],
    ['STOP_FAILED', 'Error stopping charging', 409],
    ['RESERVATION_FAILED', 'Error cancelling or sending a reservation', 409],
    ['UNKNOWN', 'Unknown reason', 500],
    ['WRONG_CODE', 'Wrong code', 400],
    ['TOO_MANY_REQUESTS', 'Too many requests, repeat later', 429],
    ['PHONE_NOT_CONFIRMED', 'Phone not confirmed', 403],
    ['INSUFFICIENT_FUNDS', 'Insufficient funds to start the session', 402],
    ['COMPANY_BALANCE_INSUFFICIENT', 'Company balance empty or insufficient', 402],
    ['CARD_BLOCKED', 'Card blocked by the bank', 402],
    ['RFID_ALREADY_LINKED', 'RFID tag already linked or cannot be linked', 409],
    ['INCORRECT_QR', 'Incorrect QR code', 400],
    ['STATION_NOT_FOUND', 'Station not found', 404],
    ['NO_STATIONS_FOUND', 'No stations found', 404],
    ['NO_MATCHING_PORTS', 'No matching ports', 404],
    ['NO_CONNECTOR_TYPES', 'No connector types chosen', 400],
    ['CHUNK_LOAD_ERROR', 'The page could not be loaded', 500],
  ])('%s: %s (%d)', (code, message, status) => {
    expect(errorCatalogue[code]).toEqual({ status, message });
    expect(errorStatus(code)).toBe(status);
  });
});

describe('the catalogue', () => {
  it.each(errorCodes)('%s has a 4xx or 5xx status and a message', (code) => {
    const { status, message } = errorCatalogue[code];
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
    expect(message.trim()).not.toBe('');
  });

  it.each([
    ['ACQ1', true],
    ['STATION_NOT_FOUND', true],
    ['ACQ24', false],
    ['toString', false],
    ['', false],
    [42, false],
    [undefined, false],
  ])('isErrorCode(%j) is %s', (value, expected) => {
    expect(isErrorCode(value)).toBe(expected);
  });

  it('names the translation key', () => {
    expect(errorTranslationKey('WRONG_CODE')).toBe('errors:WRONG_CODE');
  });
});

describe('AppError', () => {
  it('takes message and status from the catalogue', () => {
    const error = new AppError('STATION_NOT_FOUND');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.message).toBe('Station not found');
    expect(error.status).toBe(404);
    expect(error.toBody()).toEqual({ code: 'STATION_NOT_FOUND', message: 'Station not found' });
  });

  it('carries fields and details into the body', () => {
    const error = new AppError('INVALID_CREDENTIALS', {
      fields: [{ path: 'password', rule: 'required' }],
      details: { triesLeft: 2 },
    });
    expect(error.toBody()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid login or password',
      fields: [{ path: 'password', rule: 'required' }],
      details: { triesLeft: 2 },
    });
  });

  it('leaves absent fields and details out of the JSON', () => {
    expect(JSON.stringify(new AppError('ACQ2').toBody())).toBe(
      '{"code":"ACQ2","message":"Card expired"}',
    );
  });
});
