// SPEC §5: a phone is confirmed by an SMS code, by an incoming call (the last 4 digits of the
// caller's number are the code) or by a QR code that makes the phone send us the code by SMS.
export const phoneConfirmMethods = ['sms', 'call', 'qr'] as const;
export type PhoneConfirmMethod = (typeof phoneConfirmMethods)[number];

/** What checkCode says of a verification: waiting, done, or no longer usable. */
export const phoneVerificationStatuses = ['pending', 'confirmed', 'expired'] as const;
export type PhoneVerificationStatus = (typeof phoneVerificationStatuses)[number];
