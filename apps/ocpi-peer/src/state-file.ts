import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { PeerStore, RegisteredPartner } from './store';

// The registration outlives a restart (PEER_STATE_FILE, main.ts): the party registered with the
// peer keeps the credentials it was given (OCPI 2.2.1 §7.2.1) in its database and calls with
// them after the peer restarts; the peer must still know them. Only the credentials are kept:
// sessions and statuses start afresh as the fixtures say.

/** The registration kept in `file`; none when there is no file or it cannot be read. */
export function readRegistration(file: string): RegisteredPartner | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { partner?: RegisteredPartner };
    const partner = saved.partner;
    const fine =
      partner &&
      typeof partner.versionsUrl === 'string' &&
      typeof partner.tokenToCallThem === 'string' &&
      typeof partner.tokenTheyUse === 'string' &&
      Array.isArray(partner.endpoints) &&
      Array.isArray(partner.roles);
    return fine ? partner : undefined;
  } catch {
    return undefined;
  }
}

/** Takes a kept registration into the store: token A is spent while it stands (§7.2.1). */
export function restoreRegistration(store: PeerStore, partner: RegisteredPartner): void {
  store.partner = partner;
  store.isRegistrationOpen = false;
}

/** Writes the store's registration (or that there is none) whole: a new file, then renamed. */
export function writeRegistration(file: string, store: PeerStore): void {
  const next = `${file}.next`;
  writeFileSync(next, JSON.stringify({ partner: store.partner ?? null }, null, 2));
  renameSync(next, file);
}
