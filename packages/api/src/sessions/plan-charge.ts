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
    /** The estimate in `currency`: what would pay it pays in (payment-rule.ts on the server). */
    costMinor: z.number().int().nullable(),
    currency: z.enum(currencies),
    /**
     * SPEC §3 currencies: the station prices in another currency than the wallet that would
     * pay: the estimate in the station's currency and the brand's rate the wallet pays it at
     * (costMinor is converted). Null: nothing to convert (same currency, or a card pays in the
     * station's).
     */
    exchange: z
      .object({
        currency: z.enum(currencies),
        costMinor: z.number().int().nullable(),
        rate: z.string(),
      })
      .nullable(),
    /**
     * Whether a start would be taken now, as the start decides it: the balance holds the
     * minimum (SPEC §5), or a linked default card will be held; no debt.
     */
    canStart: z.boolean(),
    /** The payer's wallet and its minimum to start, in the wallet's own currency. */
    minBalanceMinor: z.number().int(),
    balanceMinor: z.number().int(),
    balanceCurrency: z.enum(currencies),
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
