import { z } from 'zod';
import { chargeLimitBodySchema, chargingProfiles } from '@evcharge/domain/charging';
import { currencies } from '@evcharge/domain/currency';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { chargeLoyaltySchema } from '../loyalty/loyalty';

// SPEC §7 POST /charge/plan: the precharging screen's estimate for a limit (and the driver's
// car when known): energy, time and cost with the station's tariff now.
export const planCharge = defineContract({
  method: 'POST',
  path: '/api/charge/plan',
  auth: 'user',
  summary: 'Estimated energy, time and cost of a session before it starts',
  tags: ['charges'],
  body: z
    .object({
      connectorId: z.uuid({ error: rule.invalid }),
      limit: chargeLimitBodySchema,
      profile: z.enum(chargingProfiles, { error: rule.invalid }).default('fast'),
      carId: z.uuid({ error: rule.invalid }).nullish(),
      /** The loyalty card to use: omitted for the driver's default one, null for none. */
      loyaltyCardId: z.uuid({ error: rule.invalid }).nullish(),
    })
    .strict(),
  response: z.object({
    powerW: z.number().int(),
    energyWh: z.number().int().nullable(),
    minutes: z.number().int().nullable(),
    costMinor: z.number().int().nullable(),
    currency: z.enum(currencies),
    /**
     * Whether a start would be taken now, as the start decides it: the balance holds the
     * minimum (SPEC §5), or a linked default card will be held; no debt.
     */
    canStart: z.boolean(),
    minBalanceMinor: z.number().int(),
    balanceMinor: z.number().int(),
    /**
     * Why not: the station is closed now (SPEC §3 schedule), its label (SPEC §4: not working,
     * under repair, opening soon), a debt, not enough money (and no card), or the default card
     * blocked.
     */
    blockedBy: z
      .enum(['closed', 'notWorking', 'underRepair', 'openingSoon', 'debt', 'funds', 'cardBlocked'])
      .nullable(),
    /** A closed station's next opening, HH:MM in its local time; null when open or never. */
    opensAt: z.string().nullable(),
    /** What would pay: the balance, the default card (held for cardHoldMinor), the company. */
    payWith: z.enum(['balance', 'card', 'company']).nullable(),
    cardHoldMinor: z.number().int().nullable(),
    /** The loyalty card that would be used, with its discount on the estimate (in costMinor). */
    loyalty: chargeLoyaltySchema.nullable(),
  }),
});
