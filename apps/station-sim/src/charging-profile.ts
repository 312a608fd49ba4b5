// Smart charging (OCPP 1.6 §3.13): the limit that the charging profiles put on a connector
// right now. Pure functions over a list of stored profiles.
import type { OCPP16 } from 'typed-ocpp';
import type { CurrentType } from './car';

export type ChargingProfile = OCPP16.SetChargingProfileRequest['csChargingProfiles'];
export type StoredProfile = { connectorId: number; profile: ChargingProfile; receivedAtMs: number };
export type ClearCriteria = OCPP16.ClearChargingProfileRequest;

const acPhaseVoltageV = 230;
const dcVoltageV = 400;
const dayMs = 86_400_000;

/** Adds a profile; OCPP 1.6 §5.16.3: same id, or same purpose + stack level + connector, is replaced. */
export function setProfile(profiles: StoredProfile[], stored: StoredProfile): StoredProfile[] {
  const { profile } = stored;
  const kept = profiles.filter(
    (p) =>
      !(
        p.profile.chargingProfileId === profile.chargingProfileId ||
        (p.connectorId === stored.connectorId &&
          p.profile.stackLevel === profile.stackLevel &&
          p.profile.chargingProfilePurpose === profile.chargingProfilePurpose)
      ),
  );
  return [...kept, stored];
}

/** OCPP 1.6 §5.5: with an id only that profile goes; otherwise every profile matching all given fields. */
export function clearProfiles(
  profiles: StoredProfile[],
  criteria: ClearCriteria,
): { kept: StoredProfile[]; clearedCount: number } {
  const matches = (p: StoredProfile) =>
    criteria.id !== undefined
      ? p.profile.chargingProfileId === criteria.id
      : (criteria.connectorId === undefined || p.connectorId === criteria.connectorId) &&
        (criteria.chargingProfilePurpose === undefined ||
          p.profile.chargingProfilePurpose === criteria.chargingProfilePurpose) &&
        (criteria.stackLevel === undefined || p.profile.stackLevel === criteria.stackLevel);
  const kept = profiles.filter((p) => !matches(p));
  return { kept, clearedCount: profiles.length - kept.length };
}

export type LimitContext = {
  connectorId: number;
  nowMs: number;
  currentType: CurrentType;
  /** The running transaction on the connector, if any. */
  transaction?: { transactionId?: number; startedAtMs: number };
  /** Connectors that share the charge point's maximum right now (at least 1). */
  sharingCount: number;
};

/** The cap in watts that the profiles set, or Infinity when none applies. */
export function profileLimitW(profiles: StoredProfile[], context: LimitContext): number {
  const pick = (candidates: StoredProfile[]) => {
    const active = candidates
      .map((p) => ({ p, limitW: scheduleLimitW(p, context) }))
      .filter((x): x is { p: StoredProfile; limitW: number } => x.limitW !== undefined)
      .sort((a, b) => b.p.profile.stackLevel - a.p.profile.stackLevel);
    return active[0]?.limitW;
  };
  const byPurpose = (purpose: ChargingProfile['chargingProfilePurpose']) =>
    profiles.filter((p) => p.profile.chargingProfilePurpose === purpose);

  const tx = context.transaction;
  const txLimit = tx
    ? pick(
        byPurpose('TxProfile').filter(
          (p) =>
            p.connectorId === context.connectorId &&
            (p.profile.transactionId === undefined || p.profile.transactionId === tx.transactionId),
        ),
      )
    : undefined;
  // A default for this connector wins over the default for all connectors (connectorId 0).
  const defaults = byPurpose('TxDefaultProfile');
  const defaultLimit =
    pick(defaults.filter((p) => p.connectorId === context.connectorId)) ??
    pick(defaults.filter((p) => p.connectorId === 0));
  const stationLimit = pick(byPurpose('ChargePointMaxProfile'));

  return Math.min(
    txLimit ?? defaultLimit ?? Infinity,
    stationLimit === undefined ? Infinity : stationLimit / Math.max(1, context.sharingCount),
  );
}

function scheduleLimitW(stored: StoredProfile, context: LimitContext): number | undefined {
  const { profile } = stored;
  const { nowMs } = context;
  if (profile.validFrom && Date.parse(profile.validFrom) > nowMs) return undefined;
  if (profile.validTo && Date.parse(profile.validTo) <= nowMs) return undefined;
  const schedule = profile.chargingSchedule;

  let startMs: number;
  if (profile.chargingProfileKind === 'Relative') {
    if (!context.transaction) return undefined;
    startMs = context.transaction.startedAtMs;
  } else {
    startMs = schedule.startSchedule ? Date.parse(schedule.startSchedule) : stored.receivedAtMs;
  }
  let elapsedMs = nowMs - startMs;
  if (profile.chargingProfileKind === 'Recurring') {
    const periodMs = profile.recurrencyKind === 'Weekly' ? 7 * dayMs : dayMs;
    elapsedMs = ((elapsedMs % periodMs) + periodMs) % periodMs;
  }
  if (elapsedMs < 0) return undefined;
  if (schedule.duration !== undefined && elapsedMs >= schedule.duration * 1000) return undefined;

  const period = [...schedule.chargingSchedulePeriod]
    .sort((a, b) => a.startPeriod - b.startPeriod)
    .filter((p) => p.startPeriod * 1000 <= elapsedMs)
    .at(-1);
  if (!period) return undefined;
  if (schedule.chargingRateUnit === 'W') return period.limit;
  return context.currentType === 'AC'
    ? period.limit * acPhaseVoltageV * (period.numberPhases ?? 3)
    : period.limit * dcVoltageV;
}
