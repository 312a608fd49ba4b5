import type { User } from '@evcharge/api/common';
import type { Language } from '@evcharge/domain/constants';
import type { Db } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import { userWalletBalanceMinor } from '../ledger';
import { activeCompanyOf, setUserLanguage } from './repo';

/** The API's view of a user, with the balance from the ledger (negative: debt). */
export async function userView(db: Db, user: UserRow): Promise<User> {
  const balanceMinor = await userWalletBalanceMinor(db, user.id, user.currency);
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    patronymic: user.patronymic,
    email: user.email,
    phone: user.phone,
    isEmailConfirmed: user.isEmailConfirmed,
    isPhoneConfirmed: user.isPhoneConfirmed,
    Lang: user.lang,
    accountType: user.accountType,
    currency: user.currency,
    balanceMinor,
    debtMinor: Math.max(0, -balanceMinor),
    activeCompany: await activeCompanyOf(db, user),
    privacyPolicyVersion: user.privacyPolicyVersion,
  };
}

export async function changeLanguage(db: Db, user: UserRow, lang: Language): Promise<void> {
  await setUserLanguage(db, user.id, lang);
}
