import { peerConfigFromEnv } from './config';
import { startPeer } from './peer';
import { readRegistration, restoreRegistration, writeRegistration } from './state-file';

// `npm start -w @evcharge/ocpi-peer`: NordCharge on PEER_PORT (8095). With PEER_REGISTER_WITH
// (a versions URL) and PEER_REGISTER_TOKEN (the token A that party gave), it registers with
// that party (OCPI 2.2.1 §7.2.1), retrying until the party answers. With PEER_STATE_FILE the
// registration outlives a restart (the party keeps its credentials in its database).

const config = peerConfigFromEnv();
// PEER_PORT=0 picks a free port; the public URL then follows the port it got.
const { publicUrl, ...rest } = config;
const peer = await startPeer({
  ...rest,
  ...(config.port === 0 && !process.env.PEER_PUBLIC_URL ? {} : { publicUrl }),
  logger: process.env.PEER_LOG === '1',
});
console.log(
  `${config.name} (${config.countryCode}*${config.partyId}) OCPI 2.2.1 versions: ${peer.versionsUrl}`,
);
console.log(`registration token (token A): ${config.registrationToken}`);

const stateFile = process.env.PEER_STATE_FILE;
const kept = stateFile ? readRegistration(stateFile) : undefined;
if (kept) {
  restoreRegistration(peer.store, kept);
  console.log(`registered with ${kept.versionsUrl} (kept in ${stateFile})`);
}
let savedAs = JSON.stringify(peer.store.partner ?? null);
/** Writes the registration when it changed (registered, updated, unregistered). */
function keepRegistration() {
  if (!stateFile) return;
  const now = JSON.stringify(peer.store.partner ?? null);
  if (now === savedAs) return;
  writeRegistration(stateFile, peer.store);
  savedAs = now;
}

const registerWith = process.env.PEER_REGISTER_WITH;
const registerToken = process.env.PEER_REGISTER_TOKEN;
let stopping = false;

async function registerUntilAnswered(versionsUrl: string, tokenA: string) {
  for (let attempt = 1; !stopping; attempt += 1) {
    try {
      const partner = await peer.register(versionsUrl, tokenA);
      const names = partner.roles
        .map((r) => `${r.role} ${r.country_code}*${r.party_id}`)
        .join(', ');
      console.log(`registered with ${names} at ${partner.versionsUrl}`);
      return;
    } catch (error) {
      const waitMs = Math.min(30_000, 1_000 * attempt);
      console.log(
        `registration with ${versionsUrl} failed (${(error as Error).message}); retrying in ${waitMs / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

if (registerWith && registerToken) void registerUntilAnswered(registerWith, registerToken);

// On the real clock, sessions count their energy and reservations expire every PEER_TICK_SECONDS.
const tickSeconds = Number(process.env.PEER_TICK_SECONDS ?? 30);
const ticker = setInterval(() => {
  keepRegistration();
  peer.advance(0).catch((error: unknown) => console.error('ocpi-peer: tick failed', error));
}, tickSeconds * 1000);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopping = true;
    clearInterval(ticker);
    keepRegistration();
    void peer.close().then(() => process.exit(0));
  });
