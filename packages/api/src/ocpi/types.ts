import { z } from 'zod';

// OCPI 2.2.1 §16 Types and the objects of its modules, as zod schemas: both sides of a roaming
// link (our server and the partner operator in apps/ocpi-peer) validate every message they
// send and receive against these. Field names are OCPI's own (snake_case). Strings carry the
// maximum lengths the standard sets; unknown extra fields are dropped, not refused (§4.1.6:
// "a receiver shall ignore fields it does not understand").

/** OCPI 2.2.1 §16.1 CiString(n): case-insensitive ASCII, at most n characters. */
export const ciString = (max: number) => z.string().min(1).max(max);
/** OCPI 2.2.1 §16.5 string(n): UTF-8, at most n characters. */
export const ocpiString = (max: number) => z.string().max(max);
/**
 * OCPI 2.2.1 §16.2 DateTime: RFC 3339 in UTC; the "Z" is optional when receiving (the
 * standard's own examples omit it), always written when sending (ocpiNow).
 */
export const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z?$/, 'OCPI DateTime')
  .refine((text) => !Number.isNaN(Date.parse(text.endsWith('Z') ? text : `${text}Z`)), 'OCPI DateTime');

/** A DateTime as a Date (UTC whether or not it ends with Z). */
export const parseDateTime = (text: string) => new Date(text.endsWith('Z') ? text : `${text}Z`);
/** A Date as OCPI writes it: seconds, UTC, with Z. */
export const ocpiDateTime = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/** OCPI 2.2.1 §16.3 DisplayText. */
export const displayText = z.object({ language: z.string().length(2), text: ocpiString(512) });
/** OCPI 2.2.1 §16.4.1 Price: excl_vat always, incl_vat when VAT applies. */
export const price = z.object({ excl_vat: z.number().min(0), incl_vat: z.number().min(0).optional() });
export type OcpiPrice = z.infer<typeof price>;

export const countryCode = ciString(2);
export const partyId = ciString(3);

// -- Responses (§4.1.7) and status codes (§5) ------------------------------------------------

export const statusCodes = {
  success: 1000,
  clientError: 2000,
  invalidParameters: 2001,
  notEnoughInformation: 2002,
  unknownLocation: 2003,
  unknownToken: 2004,
  serverError: 3000,
  unableToUseClientApi: 3001,
  unsupportedVersion: 3002,
  noMatchingEndpoints: 3003,
} as const;

/** Every OCPI answer: the data, a status code, an optional message, and when it was made. */
export function envelopeOf<Data extends z.ZodType>(data: Data) {
  return z.object({
    data: data.optional(),
    status_code: z.number().int(),
    status_message: z.string().optional(),
    timestamp: dateTime,
  });
}
export const anyEnvelope = envelopeOf(z.unknown());
export type OcpiEnvelope<Data> = {
  data?: Data;
  status_code: number;
  status_message?: string;
  timestamp: string;
};

// -- Versions (§6.1, §6.2) ---------------------------------------------------------------------

export const versionNumbers = ['2.0', '2.1', '2.1.1', '2.2', '2.2.1'] as const;
export const moduleIds = [
  'cdrs',
  'chargingprofiles',
  'commands',
  'credentials',
  'hubclientinfo',
  'locations',
  'sessions',
  'tariffs',
  'tokens',
] as const;
export type ModuleId = (typeof moduleIds)[number];
export const interfaceRoles = ['SENDER', 'RECEIVER'] as const;
export type InterfaceRole = (typeof interfaceRoles)[number];

export const version = z.object({ version: z.string(), url: z.url() });
export const versionList = z.array(version);
export const endpoint = z.object({
  // A module we do not know is kept as text and ignored (§6.2.1.1: custom modules exist).
  identifier: z.string(),
  role: z.enum(interfaceRoles),
  url: z.url(),
});
export const versionDetails = z.object({ version: z.string(), endpoints: z.array(endpoint) });
export type VersionDetails = z.infer<typeof versionDetails>;

// -- Credentials (§7) --------------------------------------------------------------------------

export const roles = ['CPO', 'EMSP', 'HUB', 'NAP', 'NSP', 'OTHER', 'SCSP'] as const;
export type OcpiRole = (typeof roles)[number];
export const businessDetails = z.object({
  name: ocpiString(100),
  website: z.url().optional(),
});
export const credentialsRole = z.object({
  role: z.enum(roles),
  business_details: businessDetails,
  party_id: partyId,
  country_code: countryCode,
});
export const credentials = z.object({
  token: ciString(64),
  url: z.url(),
  roles: z.array(credentialsRole).min(1),
});
export type Credentials = z.infer<typeof credentials>;

// -- Locations (§8) ----------------------------------------------------------------------------

export const evseStatuses = [
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'REMOVED',
  'RESERVED',
  'UNKNOWN',
] as const;
export type EvseStatus = (typeof evseStatuses)[number];

/** OCPI 2.2.1 §8.4.4 ConnectorType. */
export const connectorTypes = [
  'CHADEMO',
  'CHAOJI',
  'DOMESTIC_A',
  'DOMESTIC_B',
  'DOMESTIC_C',
  'DOMESTIC_D',
  'DOMESTIC_E',
  'DOMESTIC_F',
  'DOMESTIC_G',
  'DOMESTIC_H',
  'DOMESTIC_I',
  'DOMESTIC_J',
  'DOMESTIC_K',
  'DOMESTIC_L',
  'DOMESTIC_M',
  'DOMESTIC_N',
  'DOMESTIC_O',
  'GBT_AC',
  'GBT_DC',
  'IEC_60309_2_single_16',
  'IEC_60309_2_three_16',
  'IEC_60309_2_three_32',
  'IEC_60309_2_three_64',
  'IEC_62196_T1',
  'IEC_62196_T1_COMBO',
  'IEC_62196_T2',
  'IEC_62196_T2_COMBO',
  'IEC_62196_T3A',
  'IEC_62196_T3C',
  'NEMA_5_20',
  'NEMA_6_30',
  'NEMA_6_50',
  'NEMA_10_30',
  'NEMA_10_50',
  'NEMA_14_30',
  'NEMA_14_50',
  'PANTOGRAPH_BOTTOM_UP',
  'PANTOGRAPH_TOP_DOWN',
  'TESLA_R',
  'TESLA_S',
] as const;
export type ConnectorType = (typeof connectorTypes)[number];
export const connectorFormats = ['SOCKET', 'CABLE'] as const;
export const powerTypes = ['AC_1_PHASE', 'AC_2_PHASE', 'AC_2_PHASE_SPLIT', 'AC_3_PHASE', 'DC'] as const;

export const geoLocation = z.object({
  latitude: z.string().regex(/^-?[0-9]{1,2}\.[0-9]{5,7}$/),
  longitude: z.string().regex(/^-?[0-9]{1,3}\.[0-9]{5,7}$/),
});

const hhmm = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);
export const regularHours = z.object({
  weekday: z.number().int().min(1).max(7),
  period_begin: hhmm,
  period_end: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/),
});
export const exceptionalPeriod = z.object({ period_begin: dateTime, period_end: dateTime });
export const hours = z.object({
  twentyfourseven: z.boolean(),
  regular_hours: z.array(regularHours).optional(),
  exceptional_openings: z.array(exceptionalPeriod).optional(),
  exceptional_closings: z.array(exceptionalPeriod).optional(),
});

export const connector = z.object({
  id: ciString(36),
  standard: z.enum(connectorTypes),
  format: z.enum(connectorFormats),
  power_type: z.enum(powerTypes),
  max_voltage: z.number().int().min(0),
  max_amperage: z.number().int().min(0),
  max_electric_power: z.number().int().min(0).optional(),
  tariff_ids: z.array(ciString(36)).optional(),
  terms_and_conditions: z.url().optional(),
  last_updated: dateTime,
});
export type OcpiConnector = z.infer<typeof connector>;

export const evse = z.object({
  uid: ciString(36),
  evse_id: ciString(48).optional(),
  status: z.enum(evseStatuses),
  capabilities: z.array(z.string()).optional(),
  connectors: z.array(connector).min(1),
  floor_level: ocpiString(4).optional(),
  coordinates: geoLocation.optional(),
  physical_reference: ocpiString(16).optional(),
  directions: z.array(displayText).optional(),
  parking_restrictions: z.array(z.string()).optional(),
  last_updated: dateTime,
});
export type OcpiEvse = z.infer<typeof evse>;

export const location = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(36),
  publish: z.boolean(),
  name: ocpiString(255).optional(),
  address: ocpiString(45),
  city: ocpiString(45),
  postal_code: ocpiString(10).optional(),
  state: ocpiString(20).optional(),
  /** ISO 3166-1 alpha-3. */
  country: z.string().length(3),
  coordinates: geoLocation,
  parking_type: z.string().optional(),
  evses: z.array(evse).optional(),
  directions: z.array(displayText).optional(),
  operator: businessDetails.optional(),
  owner: businessDetails.optional(),
  facilities: z.array(z.string()).optional(),
  /** IANA tz database name. */
  time_zone: ocpiString(255),
  opening_times: hours.optional(),
  charging_when_closed: z.boolean().optional(),
  last_updated: dateTime,
});
export type OcpiLocation = z.infer<typeof location>;

/** §8.3.2 PATCH: any part of the object, and always last_updated. */
export const locationPatch = location.partial().extend({ last_updated: dateTime });
export const evsePatch = evse.partial().extend({ last_updated: dateTime });
export const connectorPatch = connector.partial().extend({ last_updated: dateTime });

// -- Tariffs (§11) -----------------------------------------------------------------------------

export const tariffDimensionTypes = ['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME'] as const;
export const dayOfWeek = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export const priceComponent = z.object({
  type: z.enum(tariffDimensionTypes),
  price: z.number().min(0),
  vat: z.number().min(0).optional(),
  step_size: z.number().int().min(0),
});
export const tariffRestrictions = z.object({
  start_time: hhmm.optional(),
  end_time: hhmm.optional(),
  start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  min_kwh: z.number().min(0).optional(),
  max_kwh: z.number().min(0).optional(),
  min_current: z.number().min(0).optional(),
  max_current: z.number().min(0).optional(),
  min_power: z.number().min(0).optional(),
  max_power: z.number().min(0).optional(),
  min_duration: z.number().int().min(0).optional(),
  max_duration: z.number().int().min(0).optional(),
  day_of_week: z.array(z.enum(dayOfWeek)).optional(),
  reservation: z.enum(['RESERVATION', 'RESERVATION_EXPIRES']).optional(),
});
export const tariffElement = z.object({
  price_components: z.array(priceComponent).min(1),
  restrictions: tariffRestrictions.optional(),
});
export const tariff = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(36),
  currency: z.string().length(3),
  type: z.enum(['AD_HOC_PAYMENT', 'PROFILE_CHEAP', 'PROFILE_FAST', 'PROFILE_GREEN', 'REGULAR']).optional(),
  tariff_alt_text: z.array(displayText).optional(),
  tariff_alt_url: z.url().optional(),
  min_price: price.optional(),
  max_price: price.optional(),
  elements: z.array(tariffElement).min(1),
  start_date_time: dateTime.optional(),
  end_date_time: dateTime.optional(),
  last_updated: dateTime,
});
export type OcpiTariffObject = z.infer<typeof tariff>;

// -- Tokens (§12) ------------------------------------------------------------------------------

export const tokenTypes = ['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID'] as const;
export const whitelistTypes = ['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER'] as const;
export const token = z.object({
  country_code: countryCode,
  party_id: partyId,
  uid: ciString(36),
  type: z.enum(tokenTypes),
  contract_id: ciString(36),
  visual_number: ocpiString(64).optional(),
  issuer: ocpiString(64),
  group_id: ciString(36).optional(),
  valid: z.boolean(),
  whitelist: z.enum(whitelistTypes),
  language: z.string().length(2).optional(),
  last_updated: dateTime,
});
export type OcpiToken = z.infer<typeof token>;
/** §12.2.1.3 PATCH: any part of the token, and always last_updated. */
export const tokenPatch = token.partial().extend({ last_updated: dateTime });

export const allowedTypes = ['ALLOWED', 'BLOCKED', 'EXPIRED', 'NO_CREDIT', 'NOT_ALLOWED'] as const;
export const locationReferences = z.object({
  location_id: ciString(36),
  evse_uids: z.array(ciString(36)).optional(),
});
export const authorizationInfo = z.object({
  allowed: z.enum(allowedTypes),
  token,
  location: locationReferences.optional(),
  authorization_reference: ciString(36).optional(),
  info: displayText.optional(),
});
export type AuthorizationInfo = z.infer<typeof authorizationInfo>;

// -- Sessions (§9) and CDRs (§10) --------------------------------------------------------------

export const authMethods = ['AUTH_REQUEST', 'COMMAND', 'WHITELIST'] as const;
export const cdrToken = z.object({
  country_code: countryCode,
  party_id: partyId,
  uid: ciString(36),
  type: z.enum(tokenTypes),
  contract_id: ciString(36),
});
export const cdrDimensionTypes = [
  'CURRENT',
  'ENERGY',
  'ENERGY_EXPORT',
  'ENERGY_IMPORT',
  'MAX_CURRENT',
  'MIN_CURRENT',
  'MAX_POWER',
  'MIN_POWER',
  'PARKING_TIME',
  'POWER',
  'RESERVATION_TIME',
  'STATE_OF_CHARGE',
  'TIME',
] as const;
export const chargingPeriod = z.object({
  start_date_time: dateTime,
  dimensions: z.array(z.object({ type: z.enum(cdrDimensionTypes), volume: z.number() })).min(1),
  tariff_id: ciString(36).optional(),
});
export const sessionStatuses = ['ACTIVE', 'COMPLETED', 'INVALID', 'PENDING', 'RESERVATION'] as const;
export type OcpiSessionStatus = (typeof sessionStatuses)[number];
export const session = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(36),
  start_date_time: dateTime,
  end_date_time: dateTime.optional(),
  kwh: z.number().min(0),
  cdr_token: cdrToken,
  auth_method: z.enum(authMethods),
  authorization_reference: ciString(36).optional(),
  location_id: ciString(36),
  evse_uid: ciString(36),
  connector_id: ciString(36),
  meter_id: ocpiString(255).optional(),
  currency: z.string().length(3),
  charging_periods: z.array(chargingPeriod).optional(),
  total_cost: price.optional(),
  status: z.enum(sessionStatuses),
  last_updated: dateTime,
});
export type OcpiSession = z.infer<typeof session>;
export const sessionPatch = session.partial().extend({ last_updated: dateTime });

export const cdrLocation = z.object({
  id: ciString(36),
  name: ocpiString(255).optional(),
  address: ocpiString(45),
  city: ocpiString(45),
  postal_code: ocpiString(10).optional(),
  state: ocpiString(20).optional(),
  country: z.string().length(3),
  coordinates: geoLocation,
  evse_uid: ciString(36),
  evse_id: ciString(48),
  connector_id: ciString(36),
  connector_standard: z.enum(connectorTypes),
  connector_format: z.enum(connectorFormats),
  connector_power_type: z.enum(powerTypes),
});
export const cdr = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(39),
  start_date_time: dateTime,
  end_date_time: dateTime,
  session_id: ciString(36).optional(),
  cdr_token: cdrToken,
  auth_method: z.enum(authMethods),
  authorization_reference: ciString(36).optional(),
  cdr_location: cdrLocation,
  meter_id: ocpiString(255).optional(),
  currency: z.string().length(3),
  tariffs: z.array(tariff).optional(),
  charging_periods: z.array(chargingPeriod).min(1),
  total_cost: price,
  total_fixed_cost: price.optional(),
  total_energy: z.number().min(0),
  total_energy_cost: price.optional(),
  total_time: z.number().min(0),
  total_time_cost: price.optional(),
  total_parking_time: z.number().min(0).optional(),
  total_parking_cost: price.optional(),
  total_reservation_cost: price.optional(),
  remark: ocpiString(255).optional(),
  invoice_reference_id: ciString(39).optional(),
  credit: z.boolean().optional(),
  credit_reference_id: ciString(39).optional(),
  last_updated: dateTime,
});
export type OcpiCdr = z.infer<typeof cdr>;

// -- Commands (§13) ----------------------------------------------------------------------------

export const commandTypes = [
  'CANCEL_RESERVATION',
  'RESERVE_NOW',
  'START_SESSION',
  'STOP_SESSION',
  'UNLOCK_CONNECTOR',
] as const;
export type CommandType = (typeof commandTypes)[number];
export const startSession = z.object({
  response_url: z.url(),
  token,
  location_id: ciString(36),
  evse_uid: ciString(36).optional(),
  connector_id: ciString(36).optional(),
  authorization_reference: ciString(36).optional(),
});
export const stopSession = z.object({ response_url: z.url(), session_id: ciString(36) });
export const reserveNow = z.object({
  response_url: z.url(),
  token,
  expiry_date: dateTime,
  reservation_id: ciString(36),
  location_id: ciString(36),
  evse_uid: ciString(36).optional(),
  authorization_reference: ciString(36).optional(),
});
export const cancelReservation = z.object({
  response_url: z.url(),
  reservation_id: ciString(36),
});
export const unlockConnector = z.object({
  response_url: z.url(),
  location_id: ciString(36),
  evse_uid: ciString(36),
  connector_id: ciString(36),
});
export const commandResponseTypes = ['NOT_SUPPORTED', 'REJECTED', 'ACCEPTED', 'UNKNOWN_SESSION'] as const;
export type CommandResponseType = (typeof commandResponseTypes)[number];
export const commandResponse = z.object({
  result: z.enum(commandResponseTypes),
  timeout: z.number().int().min(0),
  message: z.array(displayText).optional(),
});
export type CommandResponse = z.infer<typeof commandResponse>;
export const commandResultTypes = [
  'ACCEPTED',
  'CANCELED_RESERVATION',
  'EVSE_OCCUPIED',
  'EVSE_INOPERATIVE',
  'FAILED',
  'NOT_SUPPORTED',
  'REJECTED',
  'TIMEOUT',
  'UNKNOWN_RESERVATION',
] as const;
export type CommandResultType = (typeof commandResultTypes)[number];
export const commandResult = z.object({
  result: z.enum(commandResultTypes),
  message: z.array(displayText).optional(),
});
export type CommandResult = z.infer<typeof commandResult>;

// -- Transport (§4.1) --------------------------------------------------------------------------

/** §4.1.3 Pagination: the query of a GET of a list. */
export const listQuery = z.object({
  date_from: dateTime.optional(),
  date_to: dateTime.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).optional(),
});

/**
 * §4.1.1 Authorization: `Token <base64 of the token>` in 2.2.1 (earlier versions sent the
 * token as it is; accepted too, as the standard advises for the registration).
 */
export function authorizationHeader(tokenValue: string): string {
  return `Token ${Buffer.from(tokenValue, 'utf8').toString('base64')}`;
}

/**
 * What an Authorization header may name: the base64-decoded token (2.2.1) and the text as sent
 * (2.1.1 and 2.2 peers); the receiver looks up both, so neither reading is guessed.
 */
export function tokensOfHeader(header: string | undefined): string[] {
  const match = /^Token\s+(\S+)$/i.exec(header ?? '');
  if (!match) return [];
  const raw = match[1]!;
  const decoded = Buffer.from(raw, 'base64').toString('utf8');
  const isBase64 =
    /^[A-Za-z0-9+/]+={0,2}$/.test(raw) &&
    Buffer.from(decoded, 'utf8').toString('base64') === raw &&
    /^[\x21-\x7e]+$/.test(decoded);
  return isBase64 && decoded !== raw ? [decoded, raw] : [raw];
}

/** §4.1.3: the next page's link of a list answer, when there is one. */
export function nextLinkOf(header: string | undefined): string | undefined {
  return /<([^>]+)>\s*;\s*rel="?next"?/.exec(header ?? '')?.[1];
}
