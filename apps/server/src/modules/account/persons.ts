import type { Person, personBodySchema } from '@evcharge/api/account/persons';
import type { User } from '@evcharge/api/common';
import { AppError } from '@evcharge/domain/errors';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../plugins/auth';
import { sendEmailConfirmation } from '../auth';
import { allowedPhone } from '../phone';
import { userView } from '../users';
import { isEmailTakenByOther, updatePerson } from './repo';

type PersonFields = z.output<typeof personBodySchema>;

export function personOf(user: UserRow): Person {
  return {
    name: user.name,
    surname: user.surname,
    patronymic: user.patronymic,
    email: user.email,
    phone: user.phone,
    isEmailConfirmed: user.isEmailConfirmed,
    isPhoneConfirmed: user.isPhoneConfirmed,
  };
}

/**
 * Saves personal data. A new e-mail is unconfirmed until the mailed link or code confirms
 * it; a new phone is unconfirmed until `confirmPhone`. Fields left out stay as they are.
 */
export async function changePerson(
  deps: Deps,
  user: UserRow,
  input: Partial<PersonFields>,
  origin = deps.config.publicUrl,
): Promise<{ user: User; emailConfirmationSent: boolean; phoneConfirmationNeeded: boolean }> {
  // The contract takes a phone of any country we serve; the brand narrows it (SPEC §3).
  if (input.phone) allowedPhone(deps, input.phone);
  const emailChanged = input.email !== undefined && input.email !== user.email;
  const phoneChanged = input.phone !== undefined && input.phone !== user.phone;
  if (emailChanged && (await isEmailTakenByOther(deps.db, input.email!, user.id))) {
    throw new AppError('EMAIL_TAKEN');
  }
  let updated: UserRow | undefined;
  try {
    updated = await updatePerson(deps.db, user.id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.surname !== undefined && { surname: input.surname }),
      ...(input.patronymic !== undefined && { patronymic: input.patronymic }),
      ...(emailChanged && { email: input.email!, isEmailConfirmed: false }),
      ...(phoneChanged && { phone: input.phone!, isPhoneConfirmed: false }),
    });
  } catch (error) {
    // Two accounts taking one address at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  if (!updated) throw new AppError('NOT_FOUND');
  if (emailChanged) await sendEmailConfirmation(deps, updated, origin);
  return {
    user: await userView(deps.db, updated),
    emailConfirmationSent: emailChanged,
    phoneConfirmationNeeded: Boolean(updated.phone) && !updated.isPhoneConfirmed,
  };
}
