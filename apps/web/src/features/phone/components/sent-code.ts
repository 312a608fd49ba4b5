import type { User } from '@evcharge/api/common';
import type { SendPhoneCodeResult } from '@evcharge/api/phone/send-code';

/** A code on its way, and when (epoch ms) a new one may be asked for. */
export type SentCode = SendPhoneCodeResult & { resendAt: number };

/** What the code and QR steps get from the page. */
export type SentCodeProps = {
  sent: SentCode;
  isResending: boolean;
  /** The error of the last resend, if it failed (too many requests, …). */
  resendError: unknown;
  onResend: () => void;
  /** Back to the phone and the way of confirming. */
  onChange: () => void;
  onConfirmed: (user: User) => void;
};
