// SPEC §8: every error the product can show. `code` is stable (API and tests use it),
// `status` is the HTTP status the server answers with, `message` is the English text the
// API sends beside the code; the web shows the translation under `errors:<code>`.

const acquirer = {
  ACQ1: 'Insufficient funds',
  ACQ2: 'Card expired',
  ACQ3: 'Invalid amount',
  ACQ4: 'Bank transaction error',
  ACQ5: 'Request error to acquirer',
  ACQ6: 'Internal business service error',
  ACQ7: 'Internal service error',
  ACQ8: 'Acquirer response error',
  ACQ9: 'Incorrect request signature',
  ACQ10: 'Unknown error',
  ACQ11: 'Merchant not found',
  ACQ12: '3D-Secure failure',
  ACQ13: 'Payment cancellation error',
  ACQ14: 'Payment system configuration error',
  ACQ15: 'Error in payment method',
  ACQ16: 'Invalid validation',
  ACQ17: 'Payment with this Id already exists',
  ACQ18: 'Transaction not found',
  ACQ19: 'Method not activated',
  ACQ20: 'Payment in test mode',
  ACQ21: 'Payment system error',
  ACQ22: 'Service unavailable',
  ACQ23: 'Payment frequency limit exceeded',
} as const;

type AcquirerCode = keyof typeof acquirer;

const acquirerEntries = Object.fromEntries(
  Object.entries(acquirer).map(([code, message]) => [code, { status: 402, message }]),
) as Record<AcquirerCode, { status: 402; message: string }>;

export const errorCatalogue = {
  ...acquirerEntries,
  LOGIN_FAILED: { status: 401, message: 'Login error' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid login or password' },
  ACCOUNT_BLOCKED: {
    status: 423,
    message: 'The account is blocked. Set a new password or contact support',
  },
  USER_NOT_FOUND: { status: 404, message: 'User not found by email' },
  EMAIL_TAKEN: { status: 409, message: 'A user with this email already exists' },
  DEBT_BLOCKS: { status: 402, message: 'Unpaid orders or debt block continuing' },
  CONNECTOR_BUSY: { status: 409, message: 'A session on this connector is already running' },
  TOO_MANY_SESSIONS: { status: 409, message: 'Too many simultaneous sessions for the user' },
  STATION_BOOKED: { status: 409, message: 'Station already booked for this time' },
  COMMAND_REJECTED: { status: 409, message: 'The station cannot execute this command' },
  EMERGENCY_STOP: { status: 409, message: 'Station emergency button pressed' },
  // SPEC §1 roaming: another operator's station that this wallet cannot pay at (no rate into
  // its currency, or no tariff from the partner); details.reason: noRate | noTariff.
  ROAMING_UNAVAILABLE: {
    status: 409,
    message: "Charging at this partner's station cannot be paid from this wallet",
  },
  // SPEC §3 schedule; details: opensAt (HH:MM, station time), opensDay (mo…su), opensAtUtc.
  STATION_CLOSED: { status: 409, message: 'Station is closed' },
  // SPEC §4 station labels: the operator's word that a station takes no start now, from any
  // way in (the app, a reservation, a tag at the reader, a roaming partner's driver).
  STATION_NOT_WORKING: { status: 409, message: 'The station is not working' },
  STATION_UNDER_REPAIR: { status: 409, message: 'The station is under repair' },
  STATION_OPENING_SOON: { status: 409, message: 'The station is opening soon' },
  PASSWORD_CHANGE_FAILED: { status: 400, message: 'Error changing password' },
  // SPEC §4 account deletion, step 2: the signed-in driver's password was wrong (not a 401: the
  // session is fine); details: triesLeft, counted with the sign-in's (OWASP ASVS 2.2.1).
  WRONG_PASSWORD: { status: 400, message: 'Wrong password' },
  STOP_FAILED: { status: 409, message: 'Error stopping charging' },
  START_TIMEOUT: {
    status: 504,
    message: 'The station did not start charging in time; the session was cancelled at no charge',
  },
  RESERVATION_FAILED: { status: 409, message: 'Error cancelling or sending a reservation' },
  // details: limit (RESERVATION_MAX_OPEN, domain/reservation.ts).
  TOO_MANY_RESERVATIONS: {
    status: 409,
    message: 'Too many reservations at once: use or cancel one first',
  },
  UNKNOWN: { status: 500, message: 'Unknown reason' },
  WRONG_CODE: { status: 400, message: 'Wrong code' },
  LINK_INVALID: { status: 400, message: 'The link or code is invalid or has expired' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests, repeat later' },
  PHONE_NOT_CONFIRMED: { status: 403, message: 'Phone not confirmed' },
  PHONE_TAKEN: { status: 409, message: 'This phone number is confirmed by another account' },
  BALANCE_NOT_EMPTY: {
    status: 409,
    message: 'The balance is not empty: contact support to withdraw it first',
  },
  SESSION_OPEN: { status: 409, message: 'Finish your charging session first' },
  POLICY_NOT_ACCEPTED: { status: 403, message: 'Accept the updated privacy policy to go on' },
  INSUFFICIENT_FUNDS: { status: 402, message: 'Insufficient funds to start the session' },
  // SPEC §2 shop: an order paid from the balance; details: availableMinor, totalMinor.
  BALANCE_TOO_LOW: { status: 402, message: 'The balance does not cover this payment' },
  COMPANY_BALANCE_INSUFFICIENT: {
    status: 402,
    message: 'Company balance empty or insufficient',
  },
  CARD_BLOCKED: { status: 402, message: 'Card blocked by the bank' },
  NO_DEBT: { status: 409, message: 'There is no debt to pay' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'The same request is still being processed, repeat later',
  },
  RFID_ALREADY_LINKED: { status: 409, message: 'RFID tag already linked or cannot be linked' },
  // SPEC §4 the RFID wizard's errors.
  RFID_NOT_SUPPORTED: { status: 409, message: 'This station has no RFID reader' },
  RFID_CAR_CHARGING: { status: 409, message: 'A car is charging on this connector' },
  RFID_STATION_OFFLINE: { status: 409, message: 'The station is not connected right now' },
  RFID_STEP_TIMEOUT: { status: 408, message: 'The time for this step is over, start again' },
  RFID_READER_BUSY: {
    status: 409,
    message: 'Another driver is binding a tag at this station, try again in a few minutes',
  },
  // SPEC §5, §9 image upload; details: index (which photo).
  IMAGE_TOO_LARGE: { status: 413, message: 'The image is larger than 500 kB' },
  IMAGE_TYPE: { status: 415, message: 'Only JPEG and PNG images can be sent' },
  // SPEC §3 Message files: images and PDF, each at most 500 kB; details: index (which file).
  FILE_TOO_LARGE: { status: 413, message: 'The file is larger than 500 kB' },
  FILE_TYPE: { status: 415, message: 'Only JPEG and PNG images and PDF files can be sent' },
  // SPEC §7 Loyalty.
  LOYALTY_ALREADY_ADDED: { status: 409, message: 'This loyalty card is already added' },
  LOYALTY_WRONG_NUMBER: {
    status: 400,
    message: 'This is not a card number of the chosen programme',
  },
  // SPEC §1, §6 station owner: adding a private station by its code and the secret printed beside
  // it. WRONG_SECRET details: triesLeft (this hour).
  PRIVATE_STATION_UNKNOWN: { status: 404, message: 'No station waits to be added with this code' },
  PRIVATE_STATION_WRONG_SECRET: {
    status: 403,
    message: 'The secret does not match this station code',
  },
  PRIVATE_STATION_CLAIMED: { status: 409, message: 'This station has already been added by its owner' },
  PRIVATE_STATION_BUSY: {
    status: 409,
    message: 'A session is running on this station: release it once the session ends',
  },
  INCORRECT_QR: { status: 400, message: 'Incorrect QR code' },
  STATION_NOT_FOUND: { status: 404, message: 'Station not found' },
  NO_STATIONS_FOUND: { status: 404, message: 'No stations found' },
  NO_MATCHING_PORTS: { status: 404, message: 'No matching ports' },
  NO_CONNECTOR_TYPES: { status: 400, message: 'No connector types chosen' },
  CHUNK_LOAD_ERROR: { status: 500, message: 'The page could not be loaded' },
  VALIDATION_FAILED: { status: 400, message: 'Some fields are filled in incorrectly' },
  UNAUTHORIZED: { status: 401, message: 'Sign in to continue' },
  // OWASP ASVS 3.3: the session passed its lifetime or idle timeout (SESSION_* settings).
  SESSION_EXPIRED: { status: 401, message: 'The session has ended, sign in again' },
  FORBIDDEN: { status: 403, message: 'Not allowed' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service unavailable, repeat later' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** The i18n key the web shows for an error code (namespace `errors`). */
export function errorTranslationKey(code: ErrorCode): `errors:${ErrorCode}` {
  return `errors:${code}`;
}

export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/** One field that failed validation: its path (`email`, `items.0.name`) and a rule key. */
export type FieldError = { path: string; rule: string };

/** The JSON body of every error answer (DESIGN.md: Errors). */
export type ErrorBody = {
  code: ErrorCode;
  message: string;
  fields?: FieldError[];
  /** Extra facts some errors carry: tries left, seconds to wait. */
  details?: Record<string, number | string>;
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;
  readonly details: Record<string, number | string> | undefined;

  constructor(
    code: ErrorCode,
    options: { fields?: FieldError[]; details?: Record<string, number | string> } = {},
  ) {
    super(errorCatalogue[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.fields = options.fields;
    this.details = options.details;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message };
    if (this.fields) body.fields = this.fields;
    if (this.details) body.details = this.details;
    return body;
  }
}
