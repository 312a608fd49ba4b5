import { timingSafeEqual } from 'node:crypto';
import { countries, PHONE_CODE_LENGTH } from '@evcharge/domain/constants';
import { AppError } from '@evcharge/domain/errors';
import { normalisePhone } from '@evcharge/domain/phone';
import type { Deps } from '../../deps';
import { sha256 } from '../../plugins/auth';
import { MAX_WRONG_CODES } from './limits';
import * as repo from './repo';
import { confirmVerification, phoneCodeHash } from './service';
import { codesInText } from './texts';

/**
 * Who may post inbound SMS: the gateway with SMS_INBOUND_SECRET; without a secret, anyone, but
 * only in demo mode (the dev page simulates the phone); otherwise the route is not there.
 */
export function checkInboundSecret(deps: Deps, given: string | string[] | undefined): void {
  const secret = deps.config.sms.inboundSecret;
  if (!secret) {
    if (!deps.config.demoMode) throw new AppError('NOT_FOUND');
    return;
  }
  if (typeof given !== 'string') throw new AppError('UNAUTHORIZED');
  // Hashes have one length, so the comparison takes the same time for any guess.
  if (!timingSafeEqual(Buffer.from(sha256(given)), Buffer.from(sha256(secret)))) {
    throw new AppError('UNAUTHORIZED');
  }
}

/** The sender as E.164; gateways write it with or without the plus. */
function senderPhone(from: string): string | undefined {
  const compact = from.replace(/[\s().-]/g, '');
  return normalisePhone(/^\d+$/.test(compact) ? `+${compact}` : compact, countries);
}

/**
 * The QR method's SMS: it confirms a live QR verification of the phone it came from when it
 * carries that verification's code. A message from any other number changes nothing; a
 * wrong code from the right phone counts as a wrong try.
 */
export async function receiveInboundSms(
  deps: Deps,
  input: { from: string; text: string },
): Promise<boolean> {
  const phone = senderPhone(input.from);
  if (!phone) return false;
  const pending = await repo.liveQrVerifications(deps.db, phone, MAX_WRONG_CODES);
  if (pending.length === 0) return false;
  const codes = codesInText(input.text, PHONE_CODE_LENGTH).slice(0, 3);
  for (const verification of pending) {
    const matches = codes.some(
      (code) => phoneCodeHash(verification.userId, phone, code) === verification.codeHash,
    );
    if (!matches) continue;
    try {
      await confirmVerification(deps, verification);
      return true;
    } catch (error) {
      // Confirmed by another account meanwhile: this one can no longer succeed, and the
      // screen polling it learns so ("expired").
      if (error instanceof AppError && error.code === 'PHONE_TAKEN') {
        await repo.expireVerification(deps.db, verification.id);
        return false;
      }
      throw error;
    }
  }
  await repo.countWrongCode(deps.db, pending[0]!.id, MAX_WRONG_CODES);
  return false;
}
