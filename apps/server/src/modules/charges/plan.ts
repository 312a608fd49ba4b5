import { and, eq } from 'drizzle-orm';
import { minStartBalanceMinor, planCharge, type ChargingProfile } from '@evcharge/domain/charging';
import { AppError } from '@evcharge/domain/errors';
import { estimateCost } from '@evcharge/domain/tariff';
import type { StartChargeBody } from '@evcharge/api/charges/charge-schemas';
import type { Db } from '../../db/client';
import { cars } from '../../db/schema/driver';
import { users } from '../../db/schema/users';
import { stationTariffAt } from '../../ocpp/transactions/session-repo';
import { tariffOf } from '../../ocpp/transactions/session-cost';
import { stations } from '../../db/schema/stations';
import { walletBalanceMinor, type Payer } from './payer';
import { connectorPlace, isVisibleTo } from './start';

// SPEC §7 POST /charge/plan: what a session will likely take and cost before it starts.

export async function planSession(
  db: Db,
  userId: string,
  body: {
    connectorId: string;
    limit: StartChargeBody['limit'];
    profile: ChargingProfile;
    carId?: string | null;
  },
) {
  const place = await connectorPlace(db, body.connectorId);
  if (!place || !isVisibleTo(place, userId)) throw new AppError('STATION_NOT_FOUND');
  const now = new Date();
  const tariffId = await stationTariffAt(db, place.stationId, now);
  if (!tariffId) throw new AppError('STATION_NOT_FOUND');
  const { tariff } = await tariffOf(db, tariffId);
  const [car] = body.carId
    ? await db
        .select({
          batteryKwh: cars.batteryKwh,
          socPercent: cars.socPercent,
          maxAcKw: cars.maxAcKw,
          maxDcKw: cars.maxDcKw,
        })
        .from(cars)
        .where(and(eq(cars.id, body.carId), eq(cars.userId, userId)))
    : [];
  if (body.carId && !car)
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'carId', rule: 'invalid' }] });
  const plan = planCharge({
    connector: place,
    car,
    limit: body.limit,
    profile: body.profile,
    perKwhMinor: tariff.perKwhMinor,
    perMinuteMinor: tariff.perMinuteMinor,
  });
  const [station] = await db
    .select({ utcOffsetMinutes: stations.utcOffsetMinutes })
    .from(stations)
    .where(eq(stations.id, place.stationId));
  const costMinor =
    plan.energyWh !== undefined && plan.minutes !== undefined
      ? estimateCost(tariff, {
          energyWh: plan.energyWh,
          minutes: plan.minutes,
          at: now,
          utcOffsetMinutes: station?.utcOffsetMinutes ?? 0,
        }).totalMinor
      : null;
  const [user] = await db
    .select({ accountType: users.accountType, activeCompanyId: users.activeCompanyId })
    .from(users)
    .where(eq(users.id, userId));
  const payer: Payer =
    user?.accountType === 'CORPORATE' && user.activeCompanyId
      ? { kind: 'company_wallet', companyId: user.activeCompanyId }
      : { kind: 'user_wallet', userId };
  const balanceMinor = await walletBalanceMinor(db, payer, tariff.currency);
  const minBalanceMinor = minStartBalanceMinor(tariff.currency);
  return {
    powerW: plan.powerW,
    energyWh: plan.energyWh ?? null,
    minutes: plan.minutes ?? null,
    // A cost limit is what the driver will pay at most.
    costMinor:
      body.limit.mode === 'cost' && body.limit.value != null && costMinor !== null
        ? Math.min(costMinor, body.limit.value)
        : costMinor,
    currency: tariff.currency,
    canStart: balanceMinor >= minBalanceMinor,
    minBalanceMinor,
    balanceMinor,
  };
}
