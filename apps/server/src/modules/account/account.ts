import { randomUUID } from 'node:crypto';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import type { Acquirer } from '../../payments/acquirer';
import { assertNotLocked, loginHash, recordWrongPassword, verifyPassword } from '../auth';
import { lockUser, openSessionCount, userWalletBalanceMinor } from '../ledger';
import {
  anonymiseReviews,
  deletePaymentCards,
  deletePersonalRows,
  eraseShopDeliveries,
  eraseUser,
  insertPolicyAcceptance,
  revokeLiveTokens,
  setPolicyVersion,
} from './repo';

/** Records the acceptance of the brand's current privacy policy (only that version). */
export async function acceptPolicy(
  db: Db,
  user: UserRow,
  version: string,
  currentVersion: string,
): Promise<UserRow> {
  if (version !== currentVersion) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'version', rule: 'invalid' }] });
  }
  return db.transaction(async (tx) => {
    const acceptedAt = new Date();
    await insertPolicyAcceptance(tx, user.id, version, acceptedAt);
    const updated = await setPolicyVersion(tx, user.id, version, acceptedAt);
    if (!updated) throw new AppError('NOT_FOUND');
    return updated;
  });
}

export type DeletionState = {
  allowed: boolean;
  blocker: 'debt' | 'balance' | 'session' | null;
  balanceMinor: number;
  debtMinor: number;
  currency: string;
};

/** SPEC §4: debt must be paid first; money on the balance goes back through support. */
export async function deletionState(db: Db, user: UserRow): Promise<DeletionState> {
  const balanceMinor = await userWalletBalanceMinor(db, user.id, user.currency);
  const sessions = await openSessionCount(db, user.id);
  const blocker =
    balanceMinor < 0 ? 'debt' : balanceMinor > 0 ? 'balance' : sessions > 0 ? 'session' : null;
  return {
    allowed: blocker === null,
    blocker,
    balanceMinor,
    debtMinor: Math.max(0, -balanceMinor),
    currency: user.currency,
  };
}

function blockerError(state: DeletionState): AppError {
  if (state.blocker === 'debt') {
    return new AppError('DEBT_BLOCKS', {
      details: { debtMinor: state.debtMinor, currency: state.currency },
    });
  }
  if (state.blocker === 'balance') {
    return new AppError('BALANCE_NOT_EMPTY', {
      details: { balanceMinor: state.balanceMinor, currency: state.currency },
    });
  }
  return new AppError('SESSION_OPEN');
}

/**
 * DELETE /user/0: removes the person's data and revokes every token, in one transaction with
 * the user's row locked, so a top-up or a start cannot slip in between the check and the
 * deletion. Sessions, ledger postings and receipts stay (the law keeps them), tied to a
 * user row that no longer says who it was.
 *
 * A wrong password counts on the sign-in's counter and lock (OWASP ASVS 2.2.1) and answers
 * WRONG_PASSWORD with the tries left: not a 401, since the session itself is fine and the
 * driver stays signed in.
 */
export async function deleteAccount(
  db: Db,
  user: UserRow,
  password: string,
  acquirer?: Pick<Acquirer, 'name' | 'unbind'>,
  now: Date = new Date(),
): Promise<void> {
  const hash = loginHash(user.email);
  await assertNotLocked(db, hash, now);
  if (!(await verifyPassword(user.passwordHash, password))) {
    const error = await recordWrongPassword(db, hash, now);
    if (error.code !== 'INVALID_CREDENTIALS') throw error;
    throw new AppError('WRONG_PASSWORD', { details: error.details });
  }
  const cards = await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const state = await deletionState(tx, user);
    if (!state.allowed) throw blockerError(state);

    await revokeLiveTokens(tx, user.id, new Date());
    await deletePersonalRows(tx, user.id);
    await eraseShopDeliveries(tx, user.id);
    // The cards go (past operations keep no link to them; their receipts say what was shown).
    const cards = await deletePaymentCards(tx, user.id);
    // Reviews stay on the stations, no longer signed.
    await anonymiseReviews(tx, user.id);
    await eraseUser(tx, user.id, `deleted:${randomUUID()}`, new Date());
    return cards;
  });
  // After the commit: the acquirer forgets the tokens (one it cannot reach is no longer ours).
  await Promise.allSettled(
    cards
      .filter((card) => acquirer && card.acquirer === acquirer.name)
      .map((card) => acquirer?.unbind(card.token)),
  );
}
