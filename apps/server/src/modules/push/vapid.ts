import webpush from 'web-push';
import type { Brand } from '@evcharge/api/brand/get-brand';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findServerKey, insertServerKeyIfMissing } from './repo';

// Web Push authenticates the server to the push services with a VAPID key pair (RFC 8292).
// Browsers bind a subscription to the public key, so the pair must stay the same across
// restarts and be the same on every instance: VAPID_* in the environment, else a pair made
// once and kept in the database (docs/decisions/007).

export type Vapid = { publicKey: string; privateKey: string; subject: string };

const KEY_NAME = 'vapid';

function isKeyPair(value: Record<string, string> | undefined): value is Vapid {
  return typeof value?.publicKey === 'string' && typeof value.privateKey === 'string';
}

/** The stored pair, made (once, whoever of several starting instances comes first) if none. */
async function storedKeyPair(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  const made = webpush.generateVAPIDKeys();
  await insertServerKeyIfMissing(db, KEY_NAME, {
    publicKey: made.publicKey,
    privateKey: made.privateKey,
  });
  const value = await findServerKey(db, KEY_NAME);
  if (!isKeyPair(value)) throw new Error('the stored VAPID key pair is unreadable');
  return { publicKey: value.publicKey, privateKey: value.privateKey };
}

/** Who to contact about our pushes: VAPID_SUBJECT, else the brand's support e-mail. */
function subjectOf(config: Config, brand: Brand): string {
  if (config.push.subject) return config.push.subject;
  const email = brand.support.contacts.find((contact) => contact.type === 'Email')?.value;
  if (email) return `mailto:${email}`;
  return config.publicUrl.startsWith('https://')
    ? config.publicUrl
    : 'mailto:push@evcharge.invalid';
}

export async function resolveVapid(db: Db, config: Config, brand: Brand): Promise<Vapid> {
  const pair = config.push.vapid ?? (await storedKeyPair(db));
  return { ...pair, subject: subjectOf(config, brand) };
}
