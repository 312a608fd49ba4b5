import { z } from 'zod';
import type { LoyaltyCard, LoyaltyCompany } from '@evcharge/api/loyalty/loyalty';
import { fitsLoyaltyFormat, LOYALTY_CARD_NAME_MAX, normalizeCardNumber } from '@evcharge/domain/loyalty';
import { rule } from '@evcharge/domain/validation';
import type { CreateLoyaltyBody } from '../api/create-card';
import type { UpdateLoyaltyBody } from '../api/update-card';

// The loyalty card form checks what the server checks before anything is sent (SPEC §7
// Loyalty): a programme chosen, a number the programme could have issued (its length, prefix
// and check digit, domain loyalty.ts), a name within the limit. Spaces and dashes typed in the
// number, as printed on cards, are dropped.

/** The error a number of the wrong format shows: the server's own code, translated the same way. */
export const WRONG_NUMBER = 'LOYALTY_WRONG_NUMBER';

export const loyaltyFormFields = ['companyId', 'number', 'name', 'isDefault'] as const;

export function loyaltyFormSchema(companyOf: (id: string) => LoyaltyCompany | undefined) {
  return z
    .object({
      companyId: z.string().min(1, { error: rule.required }),
      number: z
        .string()
        .transform(normalizeCardNumber)
        .pipe(z.string().min(1, { error: rule.required, abort: true }).max(40, { error: rule.tooLong })),
      name: z
        .string()
        .trim()
        .max(LOYALTY_CARD_NAME_MAX, { error: rule.tooLong })
        .transform((name): string | null => name || null),
      isDefault: z.boolean(),
    })
    .superRefine((values, context) => {
      const company = companyOf(values.companyId);
      if (company && !fitsLoyaltyFormat(values.number, company.format)) {
        context.addIssue({ code: 'custom', path: ['number'], message: WRONG_NUMBER });
      }
    });
}

export type LoyaltyFormInput = z.input<ReturnType<typeof loyaltyFormSchema>>;
export type LoyaltyFormValues = z.output<ReturnType<typeof loyaltyFormSchema>>;

/** The form filled with a card as it is, or empty for a new one (the first card becomes the default). */
export function loyaltyFormDefaults(card: LoyaltyCard | undefined, isFirst: boolean): LoyaltyFormInput {
  return {
    companyId: card?.company.id ?? '',
    number: card?.number ?? '',
    name: card?.name ?? '',
    isDefault: card?.isDefault ?? isFirst,
  };
}

export function createBodyOf(values: LoyaltyFormValues): CreateLoyaltyBody {
  return { companyId: values.companyId, number: values.number, name: values.name, isDefault: values.isDefault };
}

/** Only what changed: the number is replaced only when another one is typed. */
export function updateBodyOf(values: LoyaltyFormValues, card: LoyaltyCard): UpdateLoyaltyBody {
  return {
    name: values.name,
    ...(values.number === card.number ? {} : { number: values.number }),
    ...(values.isDefault && !card.isDefault ? { isDefault: true } : {}),
  };
}
