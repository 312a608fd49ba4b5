import type {
  AuthorizationInfo,
  CommandResult,
  Credentials,
  OcpiCdr,
  OcpiLocation,
  OcpiSession,
  OcpiTariffObject,
  OcpiToken,
  VersionDetails,
} from '@evcharge/api/ocpi/types';
import type { LiveSession } from './sessions';
import { fixtureLocations, fixtureTariffs, fixtureTokens } from './fixtures';

// The partner operator's memory: its own objects (as CPO and as eMSP), what the other party
// pushed to it, and the credentials of the one party it is registered with (OCPI 2.2.1 §7).
// A test and demo peer: nothing is persisted, but for the registration when main.ts is given
// PEER_STATE_FILE (state-file.ts).

export type CredentialsRoleOf = Credentials['roles'][number];

export type RegisteredPartner = {
  /** The partner's versions URL and the version both sides agreed on (§7.2.1). */
  versionsUrl: string;
  version: string;
  endpoints: VersionDetails['endpoints'];
  roles: CredentialsRoleOf[];
  /** The token the peer calls the partner with. */
  tokenToCallThem: string;
  /** The token the partner calls the peer with. */
  tokenTheyUse: string;
  /** Who started the registration: the partner (it POSTed to us) or the peer (register()). */
  registeredBy: 'partner' | 'peer';
};

export type Reservation = {
  id: string;
  locationId: string;
  evseUid: string;
  token: OcpiToken;
  expiresAt: Date;
};

export type CommandResultReceived = { command: string; uid: string; result: CommandResult };

export type PeerStore = {
  /** CPO role: the peer's own network. Key: location id / tariff id / session id / cdr id. */
  locations: Map<string, OcpiLocation>;
  tariffs: Map<string, OcpiTariffObject>;
  sessions: Map<string, OcpiSession>;
  cdrs: Map<string, OcpiCdr>;
  /** CPO role, tokens RECEIVER (§12.2.1): the partner's drivers. Key: cc/pid/uid. */
  partnerTokens: Map<string, OcpiToken>;
  /** eMSP role: its drivers' tokens (tokens SENDER) and the answers it gives (§12.2.2.3). */
  ownTokens: Map<string, OcpiToken>;
  authorizations: AuthorizationInfo[];
  /** eMSP role: what the partner pushed as CPO. Key: cc/pid/id. */
  partnerLocations: Map<string, OcpiLocation>;
  partnerSessions: Map<string, OcpiSession>;
  partnerCdrs: Map<string, OcpiCdr>;
  commandResults: CommandResultReceived[];
  /** Sessions charging now at the peer's stations (the model behind `sessions`). */
  liveSessions: Map<string, LiveSession>;
  /** Reservations held at the peer's EVSEs (§13 RESERVE_NOW). Key: reservation id. */
  reservations: Map<string, Reservation>;
  sessionCount: number;
  /** Commands the peer sent as eMSP; their ids are the last segment of the response_url. */
  commandCount: number;
  partner?: RegisteredPartner;
  /** Token A is accepted until a partner registered with it (§7.2.1), again after DELETE. */
  isRegistrationOpen: boolean;
  /** Tokens handed to a party the peer is registering with, valid before it answers. */
  pendingTokens: Set<string>;
};

export type Party = { countryCode: string; partyId: string };

export const keyOf = (countryCode: string, partyId: string, id: string) =>
  `${countryCode.toUpperCase()}/${partyId.toUpperCase()}/${id}`;

export function createStore(party: Party, name: string): PeerStore {
  return {
    locations: new Map(fixtureLocations(party, name).map((l) => [l.id, l])),
    tariffs: new Map(fixtureTariffs(party).map((t) => [t.id, t])),
    sessions: new Map(),
    cdrs: new Map(),
    partnerTokens: new Map(),
    ownTokens: new Map(fixtureTokens(party, name).map((t) => [t.uid, t])),
    authorizations: [],
    partnerLocations: new Map(),
    partnerSessions: new Map(),
    partnerCdrs: new Map(),
    commandResults: [],
    liveSessions: new Map(),
    reservations: new Map(),
    sessionCount: 0,
    commandCount: 0,
    isRegistrationOpen: true,
    pendingTokens: new Set(),
  };
}
