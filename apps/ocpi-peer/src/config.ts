// The partner operator's settings (apps/ocpi-peer): who it is on the roaming network (OCPI 2.2.1
// §7 CredentialsRole), where it listens, and the registration token it hands out of band
// (token A, §7.2.1). Read from the environment by main.ts; tests pass their own.

export type PeerConfig = {
  /** 127.0.0.1 port; 0 picks a free one. */
  port: number;
  /** The address partners reach it at (its versions URL is `${publicUrl}/ocpi/versions`). */
  publicUrl: string;
  /** ISO 3166-1 alpha-2 country code and party id of the operator (OCPI 2.2.1 §16.1). */
  countryCode: string;
  partyId: string;
  /** The operator's name in CredentialsRole.business_details. */
  name: string;
  /** The token A a new partner registers with (OCPI 2.2.1 §7.2.1). */
  registrationToken: string;
};

export function peerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PeerConfig {
  const port = Number(env.PEER_PORT ?? 8095);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PEER_PORT must be a port number, got ${env.PEER_PORT}`);
  return {
    port,
    publicUrl: (env.PEER_PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    countryCode: (env.PEER_COUNTRY_CODE ?? 'FI').toUpperCase(),
    partyId: (env.PEER_PARTY_ID ?? 'NCH').toUpperCase(),
    name: env.PEER_NAME ?? 'NordCharge',
    registrationToken: env.PEER_REGISTRATION_TOKEN ?? 'nordcharge-registration-token-a',
  };
}
