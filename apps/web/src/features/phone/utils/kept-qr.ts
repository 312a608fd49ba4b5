import type { SendPhoneCodeResult } from '@evcharge/api/phone/send-code';
import { readPhoneQr, writePhoneQr } from '@/lib/storage';

// The QR code of the pending confirmation, kept in this tab's sessionStorage: the server keeps
// only the code's hash, so after a reload the QR code can come from here alone.

type Qr = NonNullable<SendPhoneCodeResult['qr']>;

export function keepQr(verificationId: string, qr: Qr | undefined): void {
  writePhoneQr(qr ? JSON.stringify({ verificationId, qr }) : null);
}

/** The kept QR code of that verification; nothing for another one or an unreadable value. */
export function keptQr(verificationId: string): Qr | undefined {
  try {
    const value = JSON.parse(readPhoneQr() ?? 'null') as {
      verificationId?: unknown;
      qr?: Partial<Qr>;
    } | null;
    const qr = value?.qr;
    if (value?.verificationId !== verificationId || !qr) return undefined;
    const { uri, to, text } = qr;
    if (typeof uri !== 'string' || typeof to !== 'string' || typeof text !== 'string')
      return undefined;
    // Only the SMS link the server made: a crafted value must not become another link.
    return uri.startsWith('sms:') ? { uri, to, text } : undefined;
  } catch {
    return undefined;
  }
}

export function forgetQr(): void {
  writePhoneQr(null);
}
