import type { RoamingDriver } from '../../db/schema/charging';
import type { IdTagStatus } from './id-tags';
import {
  partnerAccount,
  partnerReaderToken,
  stationCode,
} from './partner-driver-repo';
import type { ChargeDeps } from './start';

// SPEC §1 roaming, our side as CPO: a roaming partner's driver presents the partner's card at
// our charge point's reader (OCPI 2.2.1 §12.4.4 WhitelistType). A token the partner lets us
// whitelist (ALWAYS, ALLOWED) is accepted as the partner pushed it; the others are asked of
// the partner in real time (§12.2.2.3), and when it cannot answer, ALLOWED_OFFLINE is taken
// from the whitelist and NEVER is refused. The rules of the station, the connector and its
// reservation then decide the start as for any driver (start-rules.ts decideStart), and the
// partner pays (its account, partner-driver-repo.ts).

export type PartnerDriver = {
  partnerId: string;
  /** The account the partner's drivers' sessions belong to. */
  accountUserId: string;
  driver: RoamingDriver;
};

export type PartnerDriverVerdict =
  | { status: 'Accepted'; partner: PartnerDriver }
  | { status: Exclude<IdTagStatus, 'Accepted'> };

/** OCPP 1.6 §7.15 status of the partner's AllowedType (OCPI 2.2.1 §12.4.1). */
function statusOfAllowed(allowed: string): Exclude<IdTagStatus, 'Accepted'> {
  if (allowed === 'BLOCKED') return 'Blocked';
  if (allowed === 'EXPIRED') return 'Expired';
  return 'Invalid';
}

// Authorize and the StartTransaction after it ask the partner once: its answer is kept a
// little while per reader and card.
const ANSWER_KEPT_MS = 3 * 60_000;
const answers = new Map<string, { at: number; verdict: PartnerDriverVerdict }>();

function remembered(key: string, now: number): PartnerDriverVerdict | undefined {
  const kept = answers.get(key);
  if (!kept || now - kept.at > ANSWER_KEPT_MS) return undefined;
  return kept.verdict;
}

function remember(key: string, now: number, verdict: PartnerDriverVerdict) {
  if (answers.size > 10_000) answers.clear();
  answers.set(key, { at: now, verdict });
}

/**
 * The partner's driver a card at the station's reader is, or undefined when no partner
 * issued it (then it is nobody's: Invalid).
 */
export async function partnerDriverAt(
  deps: Pick<ChargeDeps, 'db' | 'roamingLink'>,
  stationId: string,
  idTag: string,
): Promise<PartnerDriverVerdict | undefined> {
  const row = await partnerReaderToken(deps.db, idTag);
  if (!row) return undefined;
  if (row.partnerStatus !== 'registered') return { status: 'Invalid' };
  if (!row.valid) return { status: 'Blocked' };
  const token = row.token as { whitelist?: string; contract_id?: string };
  const key = `${stationId}|${row.partnerId}|${row.uid}`;
  const now = Date.now();
  const known = remembered(key, now);
  if (known) return known;
  const driver = (authMethod: RoamingDriver['authMethod'], authorizationReference?: string) => ({
    countryCode: row.countryCode,
    partyId: row.partyId,
    uid: row.uid,
    type: row.type,
    contractId: token.contract_id ?? row.uid,
    authMethod,
    ...(authorizationReference ? { authorizationReference } : {}),
  });
  const accept = async (found: RoamingDriver): Promise<PartnerDriverVerdict> => ({
    status: 'Accepted',
    partner: {
      partnerId: row.partnerId,
      accountUserId: row.accountUserId ?? (await partnerAccount(deps.db, row.partnerId)),
      driver: found,
    },
  });
  const whitelist = token.whitelist ?? 'ALLOWED';
  if (whitelist === 'ALWAYS' || whitelist === 'ALLOWED') return accept(driver('WHITELIST'));
  const locationId = await stationCode(deps.db, stationId);
  if (!locationId) return { status: 'Invalid' };
  const answer = await deps.roamingLink.authorizeToken({
    partnerId: row.partnerId,
    uid: row.uid,
    type: row.type,
    locationId,
  });
  let verdict: PartnerDriverVerdict;
  if (answer.kind === 'answered')
    verdict =
      answer.allowed === 'ALLOWED'
        ? await accept(driver('AUTH_REQUEST', answer.authorizationReference))
        : { status: statusOfAllowed(answer.allowed) };
  else
    verdict =
      whitelist === 'ALLOWED_OFFLINE' ? await accept(driver('WHITELIST')) : { status: 'Invalid' };
  remember(key, now, verdict);
  return verdict;
}

/** Forgets the partner's answer for the card at the station (its session has begun). */
export function forgetPartnerAnswer(stationId: string, partnerId: string, uid: string): void {
  answers.delete(`${stationId}|${partnerId}|${uid}`);
}
