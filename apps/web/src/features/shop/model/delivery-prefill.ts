import type { User } from '@evcharge/api/common';
import { formatPhone } from '@evcharge/domain/phone';
import type { DeliveryDraft } from './cart-store';

/**
 * The delivery form starts from what the profile already knows: the recipient is the driver
 * (surname, name, patronymic, as the profile writes them) at their phone. Whatever the driver
 * typed in the cart wins, and both fields stay editable (a gift goes to someone else).
 */
export function deliveryWithProfile(
  draft: DeliveryDraft,
  user: Pick<User, 'name' | 'surname' | 'patronymic' | 'phone'> | undefined,
): DeliveryDraft {
  if (!user) return draft;
  const fullName = [user.surname, user.name, user.patronymic]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    ...draft,
    name: draft.name.trim() ? draft.name : fullName,
    phone: draft.phone.trim() ? draft.phone : user.phone ? formatPhone(user.phone) : '',
  };
}
