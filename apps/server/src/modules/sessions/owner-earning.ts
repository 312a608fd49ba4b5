import type { Brand } from '@evcharge/api/brand/get-brand';
import { ownerShare } from '@evcharge/domain/private-station';
import type { Db } from '../../db/client';
import { postTransaction } from '../ledger';
import { issueEarningReceipt } from '../receipts';
import type { SessionRow } from './repo';

// SPEC §1 private stations: what another driver pays for a session on an owner's station goes
// to the owner's balance, less the platform's fee (domain/private-station.ts ownerShare). It
// moves from revenue (which the session's own posting credited with its full cost) to the
// owner's wallet, in the transaction that made the session final (finish.ts), and the owner
// gets a statement of it. The ledger's unique (kind, reference) credits a session once,
// whatever repeats or races.

type EarningSession = Pick<SessionRow, 'id' | 'transactionId' | 'currency' | 'stationOwnerId'>;

/**
 * Credits the station's owner with their share of a finished session's full cost, and issues
 * their statement. Nothing for a public station's session or the owner's own.
 */
export async function creditStationOwner(
  tx: Db,
  brand: Brand,
  session: EarningSession,
  fullMinor: number,
): Promise<void> {
  const ownerUserId = session.stationOwnerId;
  if (!ownerUserId || fullMinor <= 0) return;
  const share = ownerShare(fullMinor, brand.privateStations.platformFeePercent);
  if (share.ownerMinor <= 0) return;
  await postTransaction(tx, {
    kind: 'owner_earning',
    reference: session.id,
    description: `Private station earning, charging session ${session.transactionId}`,
    currency: session.currency,
    postings: [
      { owner: { kind: 'revenue' }, amountMinor: -share.ownerMinor },
      { owner: { kind: 'user_wallet', userId: ownerUserId }, amountMinor: share.ownerMinor },
    ],
  });
  await issueEarningReceipt(tx, brand, {
    sessionId: session.id,
    ownerUserId,
    currency: session.currency,
    fullMinor,
    ...share,
  });
}

/**
 * A finished session's cost corrected by its charge point's late final reading (reconcile.ts):
 * the owner's share follows, as its own transaction, once (reference `{id}:meter`).
 */
export async function adjustStationOwner(
  tx: Db,
  brand: Brand,
  session: EarningSession,
  fullMinor: { before: number; after: number },
): Promise<void> {
  const ownerUserId = session.stationOwnerId;
  if (!ownerUserId) return;
  const percent = brand.privateStations.platformFeePercent;
  const difference =
    ownerShare(Math.max(0, fullMinor.after), percent).ownerMinor -
    ownerShare(Math.max(0, fullMinor.before), percent).ownerMinor;
  if (difference === 0) return;
  await postTransaction(tx, {
    kind: 'owner_earning',
    reference: `${session.id}:meter`,
    description: `Private station earning, charging session ${session.transactionId}: the meter's final reading`,
    currency: session.currency,
    postings: [
      { owner: { kind: 'revenue' }, amountMinor: -difference },
      { owner: { kind: 'user_wallet', userId: ownerUserId }, amountMinor: difference },
    ],
  });
}
