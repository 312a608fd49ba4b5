import { createHash } from 'node:crypto';
import { ocpiDateTime, type OcpiToken } from '@evcharge/api/ocpi/types';
import { driverGroupTag } from '../sessions';
import type { RoamingDeps } from './credentials';
import { driverTokenFacts } from './app-token-repo';

// OCPI 2.2.1 §12.3.2 Token of a driver's app (type APP_USER): what our commands name as the
// driver at a partner's charge point. Its uid is the driver's group tag (the parentIdTag of
// their RFID tags, OCPP 1.6 §3.5.3), its contract id an eMA-style id of ours (ISO 15118).

export function contractIdOf(deps: Pick<RoamingDeps, 'config'>, userId: string): string {
  const id = createHash('sha256').update(`contract:${userId}`).digest('hex').slice(0, 9).toUpperCase();
  return `${deps.config.ocpi.countryCode}-${deps.config.ocpi.partyId}-C${id}`;
}

export async function appTokenOf(
  deps: Pick<RoamingDeps, 'db' | 'config' | 'brand'>,
  userId: string,
): Promise<OcpiToken> {
  const facts = await driverTokenFacts(deps.db, userId);
  const groupTag = driverGroupTag(userId);
  return {
    country_code: deps.config.ocpi.countryCode,
    party_id: deps.config.ocpi.partyId,
    uid: groupTag,
    type: 'APP_USER',
    contract_id: contractIdOf(deps, userId),
    issuer: deps.brand.title.slice(0, 64),
    group_id: groupTag,
    valid: facts !== undefined && !facts.isBlocked && facts.deletedAt === null,
    whitelist: 'ALLOWED',
    // ISO 639-1: our "kz" is Kazakh, "kk".
    ...(facts ? { language: facts.lang === 'kz' ? 'kk' : facts.lang } : {}),
    last_updated: ocpiDateTime(facts?.createdAt ?? new Date()),
  };
}
