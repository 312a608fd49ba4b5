import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionReceiptFacts } from '../receipts';
import { loadTariffs } from '../stations';
import { costFactsAt } from './charge-view';
import { costBreakdown } from './cost';
import { sessionSamples } from './meter-repo';
import { findPlacedSession } from './repo';

// A session's receipt (SPEC §3 receipt): the sessions module prices the session, the receipts
// module (deps.issueSessionReceipt, handed in by app.ts) issues the receipt from those facts.

/** The session as its receipt shows it: priced with the facts and readings finishSession used. */
export async function sessionReceiptFacts(
  tx: Db,
  sessionId: string,
): Promise<SessionReceiptFacts | undefined> {
  const session = await findPlacedSession(tx, sessionId);
  if (!session) return undefined;
  const tariff = (await loadTariffs(tx, [session.tariffId])).get(session.tariffId);
  let cost: SessionReceiptFacts['cost'];
  if (tariff) {
    const facts = costFactsAt(session, session.stoppedAt ?? session.updatedAt);
    const readings = await sessionSamples(tx, session.id);
    cost = costBreakdown(tariff, session, { ...facts, readings });
  }
  return {
    sessionId: session.id,
    userId: session.userId,
    status: session.status,
    costMinor: session.costMinor,
    currency: session.currency,
    paymentMethod: session.paymentMethod,
    cost,
  };
}

/**
 * Issues the receipt of a finished session with a cost, once, in the caller's transaction
 * (use `tx` only: on PGlite a query on another connection inside it would wait forever).
 */
export async function issueReceiptOf(
  deps: Pick<Deps, 'brand' | 'issueSessionReceipt'>,
  tx: Db,
  sessionId: string,
): Promise<string | undefined> {
  const facts = await sessionReceiptFacts(tx, sessionId);
  return facts && deps.issueSessionReceipt(tx, deps.brand, facts);
}
