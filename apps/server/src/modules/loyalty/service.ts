import type { LoyaltyCard, LoyaltyCompany } from '@evcharge/api/loyalty/loyalty';
import { AppError } from '@evcharge/domain/errors';
import {
  fitsLoyaltyFormat,
  normalizeCardNumber,
  type LoyaltyBenefit,
} from '@evcharge/domain/loyalty';
import { rule } from '@evcharge/domain/validation';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SessionLoyalty } from '../../db/schema/charging';
import * as repo from './repo';
import type { CardWithCompany, CompanyRow } from './repo';

// SPEC §7 Loyalty: partner programmes and the driver's cards of them; repo.ts scopes every
// card query by the caller.

export function benefitOf(company: CompanyRow): LoyaltyBenefit {
  return company.benefitKind === 'points'
    ? { kind: 'points', pointsPerKwh: company.pointsPerKwh ?? 0 }
    : { kind: 'discount', percent: company.discountPercent ?? 0 };
}

function toCompany(row: CompanyRow): LoyaltyCompany {
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.logoUrl,
    color: row.color,
    textColor: row.textColor,
    format: { length: row.numberLength, prefix: row.numberPrefix, checkDigit: row.checkDigit },
    barcode: row.barcode,
    benefit: benefitOf(row),
  };
}

function toCard({ card, company }: CardWithCompany): LoyaltyCard {
  return {
    id: card.id,
    number: card.number,
    name: card.name,
    company: toCompany(company),
    points: company.benefitKind === 'points' ? card.points : null,
    isDefault: card.isDefault,
    createdAt: card.createdAt.toISOString(),
  };
}

export async function listCompanies(db: Db): Promise<LoyaltyCompany[]> {
  return (await repo.activeCompanies(db)).map(toCompany);
}

export async function isLoyaltyAvailable(db: Db): Promise<boolean> {
  return repo.hasActiveCompany(db);
}

export async function listCards(db: Db, userId: string): Promise<LoyaltyCard[]> {
  return (await repo.findCards(db, userId)).map(toCard);
}

/** The number as stored: normalized, and one the programme could have issued. */
function checkedNumber(company: CompanyRow, typed: string): string {
  const number = normalizeCardNumber(typed);
  const format = {
    length: company.numberLength,
    prefix: company.numberPrefix,
    checkDigit: company.checkDigit,
  };
  if (!fitsLoyaltyFormat(number, format))
    throw new AppError('LOYALTY_WRONG_NUMBER', {
      fields: [{ path: 'number', rule: rule.invalid }],
    });
  return number;
}

/** SPEC §7: a card is added once, by one driver (loyalty_cards_number_unique). */
async function once<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('LOYALTY_ALREADY_ADDED');
    throw error;
  }
}

async function cardOf(db: Db, userId: string, id: string): Promise<LoyaltyCard> {
  const row = await repo.findCard(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toCard(row);
}

export async function createCard(
  db: Db,
  userId: string,
  body: { companyId: string; number: string; name?: string | null; isDefault?: boolean },
): Promise<LoyaltyCard> {
  const company = await repo.findCompany(db, body.companyId);
  // A programme that ended takes no new cards.
  if (!company?.isActive)
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'companyId', rule: rule.invalid }],
    });
  const number = checkedNumber(company, body.number);
  const id = await once(() =>
    db.transaction(async (tx) => {
      // The first card is the default; a card asked to be the default takes it over.
      const isDefault = body.isDefault ?? (await repo.countCards(tx, userId)) === 0;
      if (isDefault) await repo.clearDefault(tx, userId);
      const card = await repo.insertCard(tx, {
        userId,
        loyaltyCompanyId: company.id,
        number,
        name: body.name || null,
        isDefault,
      });
      return card.id;
    }),
  );
  return cardOf(db, userId, id);
}

export async function updateCard(
  db: Db,
  userId: string,
  id: string,
  body: { number?: string; name?: string | null; isDefault?: boolean },
): Promise<LoyaltyCard> {
  const current = await repo.findCard(db, userId, id);
  if (!current) throw new AppError('NOT_FOUND');
  const number =
    body.number === undefined ? undefined : checkedNumber(current.company, body.number);
  await once(() =>
    db.transaction(async (tx) => {
      if (body.isDefault) await repo.clearDefault(tx, userId, id);
      const changed = await repo.updateCardRow(tx, userId, id, {
        ...(number === undefined ? {} : { number }),
        ...(body.name === undefined ? {} : { name: body.name || null }),
        ...(body.isDefault === undefined ? {} : { isDefault: body.isDefault }),
      });
      if (!changed) throw new AppError('NOT_FOUND');
    }),
  );
  return cardOf(db, userId, id);
}

export async function deleteCard(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteCardRow(db, userId, id))) throw new AppError('NOT_FOUND');
}

/** The card a session runs with and its programme as it is now (charging_sessions.loyalty). */
export type SessionCard = { cardId: string; loyalty: SessionLoyalty };

/**
 * SPEC §7 Loyalty: the card a session runs with: the one asked for (the driver's own, else
 * NOT_FOUND), the driver's default when none is named (undefined), no card for null. A card of
 * a programme that ended gives nothing.
 */
export async function sessionCard(
  db: Db,
  userId: string,
  requested: string | null | undefined,
): Promise<SessionCard | null> {
  if (requested === null) return null;
  const row =
    requested === undefined
      ? await repo.findDefaultCard(db, userId)
      : await repo.findCard(db, userId, requested);
  if (!row) {
    if (requested !== undefined) throw new AppError('NOT_FOUND');
    return null;
  }
  if (!row.company.isActive) return null;
  return {
    cardId: row.card.id,
    loyalty: {
      cardId: row.card.id,
      companyId: row.company.id,
      companyName: row.company.name,
      benefit: benefitOf(row.company),
    },
  };
}

/** Points a session earned go on its card (a correction may take some back). */
export async function addCardPoints(db: Db, cardId: string, points: number): Promise<void> {
  if (points !== 0) await repo.addPoints(db, cardId, points);
}
