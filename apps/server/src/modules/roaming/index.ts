// Roaming over OCPI 2.2.1 (SPEC §1 "Stations of other operators appear through roaming"):
// what app.ts, the OCPI transport (ocpi/) and the CLI may use (STYLE.md: one public entry file).
import type { Db } from '../../db/client';
import { findPartnerByTokenHash } from './repo';

export {
  acceptRegistration,
  acceptUnregistration,
  acceptUpdate,
  hashToken,
  invitePartner,
  OCPI_VERSION,
  ourCredentials,
  ourEndpoints,
  registerWith,
  RegistrationError,
  unregisterFrom,
  updateWith,
  versionDetailsUrlOf,
  versionsUrlOf,
  type RoamingDeps,
} from './credentials';
export { LocationRefusal, receiveLocationPush, storeLocation } from './locations';
export { receiveTariffPush, storeTariff } from './tariffs';
export { pullAll, pullPartner, startRoamingPull } from './pull';
export { ourLocation, ourLocations, ourTariffs } from './publish';
export { statusPushes, type StatusPushes } from './status-push';
export { cpoSessionPushes, ourCdrs, ourSessions, type CpoSessionPushes } from './cpo-sessions';
export { roamingLink } from './commands';
export {
  appTokenOf,
  authorizationByReference,
  authorizeToken,
  contractIdOf,
  ourTokens,
  TokenRefusal,
} from './tokens';
export {
  partnerToken,
  partnerTokenByUid,
  receiveTokenPush,
  type PartnerToken,
} from './partner-tokens';
export type { AuthorizationRow } from './tokens-repo';
export { tokenPushes, type TokenPushes } from './token-push';
export type { PartnerRow } from './repo';

/** The partner a token we gave belongs to (by the token's hash), whatever its status. */
export const findPartnerByToken = (db: Db, tokenHash: string) =>
  findPartnerByTokenHash(db, [tokenHash]);
export { receiveCdr, receiveCommandResult, receiveSessionPush } from './session-receiver';
