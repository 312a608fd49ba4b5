import { describe, expect, it } from 'vitest';
import {
  clearProfiles,
  profileLimitW,
  setProfile,
  type ChargingProfile,
  type StoredProfile,
} from './charging-profile';

const t0 = Date.UTC(2026, 0, 1, 8);

function profile(
  overrides: Partial<ChargingProfile> & {
    limit?: number;
    unit?: 'A' | 'W';
    periods?: { startPeriod: number; limit: number; numberPhases?: number }[];
  },
): ChargingProfile {
  const { limit = 7000, unit = 'W', periods, ...rest } = overrides;
  return {
    chargingProfileId: 1,
    stackLevel: 0,
    chargingProfilePurpose: 'TxDefaultProfile',
    chargingProfileKind: 'Absolute',
    chargingSchedule: {
      chargingRateUnit: unit,
      chargingSchedulePeriod: periods ?? [{ startPeriod: 0, limit }],
    },
    ...rest,
  };
}
const stored = (connectorId: number, p: ChargingProfile): StoredProfile => ({
  connectorId,
  profile: p,
  receivedAtMs: t0,
});
const context = {
  connectorId: 1,
  nowMs: t0 + 60_000,
  currentType: 'AC' as const,
  transaction: { transactionId: 5, startedAtMs: t0 },
  sharingCount: 1,
};

describe('charging profile limits', () => {
  it('is unlimited without profiles', () => {
    expect(profileLimitW([], context)).toBe(Infinity);
  });

  it('converts amperes on three AC phases at 230 V', () => {
    expect(profileLimitW([stored(1, profile({ unit: 'A', limit: 16 }))], context)).toBe(
      16 * 230 * 3,
    );
    expect(
      profileLimitW(
        [
          stored(
            1,
            profile({ unit: 'A', periods: [{ startPeriod: 0, limit: 16, numberPhases: 1 }] }),
          ),
        ],
        context,
      ),
    ).toBe(16 * 230);
  });

  it('follows the schedule periods', () => {
    const stepped = stored(
      1,
      profile({
        periods: [
          { startPeriod: 0, limit: 3000 },
          { startPeriod: 120, limit: 9000 },
        ],
      }),
    );
    expect(profileLimitW([stepped], context)).toBe(3000);
    expect(profileLimitW([stepped], { ...context, nowMs: t0 + 121_000 })).toBe(9000);
  });

  it('lets a TxProfile win over defaults, a connector default over the station default, and caps by ChargePointMax', () => {
    const all = [
      stored(0, profile({ chargingProfileId: 1, limit: 5000 })),
      stored(1, profile({ chargingProfileId: 2, limit: 6000 })),
      stored(
        0,
        profile({
          chargingProfileId: 3,
          chargingProfilePurpose: 'ChargePointMaxProfile',
          limit: 8000,
        }),
      ),
    ];
    expect(profileLimitW(all, context)).toBe(6000);
    const withTx = [
      ...all,
      stored(
        1,
        profile({
          chargingProfileId: 4,
          chargingProfilePurpose: 'TxProfile',
          transactionId: 5,
          limit: 9000,
        }),
      ),
    ];
    expect(profileLimitW(withTx, context)).toBe(8000);
    expect(profileLimitW(withTx, { ...context, sharingCount: 2 })).toBe(4000);
  });

  it('takes the highest stack level and ignores expired profiles', () => {
    const low = stored(1, profile({ chargingProfileId: 1, stackLevel: 0, limit: 2000 }));
    const high = stored(1, profile({ chargingProfileId: 2, stackLevel: 3, limit: 4000 }));
    expect(profileLimitW([low, high], context)).toBe(4000);
    const expired = stored(
      1,
      profile({
        chargingProfileId: 2,
        stackLevel: 3,
        limit: 4000,
        validTo: new Date(t0).toISOString(),
      }),
    );
    expect(profileLimitW([low, expired], context)).toBe(2000);
  });

  it('replaces a profile with the same id and clears by criteria', () => {
    let profiles = setProfile([], stored(1, profile({ chargingProfileId: 1, limit: 2000 })));
    profiles = setProfile(profiles, stored(1, profile({ chargingProfileId: 1, limit: 3000 })));
    expect(profiles).toHaveLength(1);
    profiles = setProfile(
      profiles,
      stored(0, profile({ chargingProfileId: 2, chargingProfilePurpose: 'ChargePointMaxProfile' })),
    );
    expect(
      clearProfiles(profiles, { chargingProfilePurpose: 'ChargePointMaxProfile' }).clearedCount,
    ).toBe(1);
    expect(clearProfiles(profiles, { id: 99 }).clearedCount).toBe(0);
    expect(clearProfiles(profiles, {}).kept).toHaveLength(0);
  });
});
