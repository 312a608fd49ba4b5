// The Local Authorization List (OCPP 1.6 §3.5.3): idTags the central system gave the charge
// point with SendLocalList (§5.15), versioned (GetLocalListVersion, §5.10), so a tag can be
// decided without asking: while offline, and online with LocalPreAuthorize. Only SendLocalList
// changes it, and a real charge point keeps it in non-volatile memory: it lives in the
// station's state, untouched by a lost socket or a Reset.
import type { OCPP16 } from 'typed-ocpp';
import type { StationContext } from './context';

export type AuthorizationStatus = OCPP16.AuthorizeResponse['idTagInfo']['status'];

/** One entry's idTagInfo as the central system sent it. */
export type LocalListEntry = {
  status: AuthorizationStatus;
  /** ISO 8601; past it the entry counts as Expired. */
  expiryDate?: string;
  parentIdTag?: string;
};

/** What `station.localList()` shows: the version GetLocalListVersion answers and the entries. */
export type LocalList = { version: number; entries: Record<string, LocalListEntry> };

export type LocalListState = {
  /** The station supports LocalAuthListManagement (StationOptions.localAuthListSupported). */
  isSupported: boolean;
  /** LocalAuthListEnabled (§9.4): the list is used to decide tags. */
  isEnabled: boolean;
  /** LocalPreAuthorize (§9.1): online, an Accepted entry starts without Authorize. */
  isPreAuthorize: boolean;
  /** LocalAuthListMaxLength: the most entries the list holds. */
  maxLength: number;
  /** SendLocalListMaxLength: the most entries one SendLocalList may carry. */
  sendMaxLength: number;
  /** The listVersion of the last accepted SendLocalList. */
  version: number;
  entries: Map<string, LocalListEntry>;
};

export function createLocalList(options: {
  isSupported?: boolean;
  isPreAuthorize?: boolean;
  maxLength?: number;
  sendMaxLength?: number;
}): LocalListState {
  const maxLength = options.maxLength ?? 10_000;
  return {
    isSupported: options.isSupported ?? true,
    isEnabled: true,
    isPreAuthorize: options.isPreAuthorize ?? false,
    maxLength,
    sendMaxLength: Math.min(options.sendMaxLength ?? 1000, maxLength),
    version: 0,
    entries: new Map(),
  };
}

/**
 * §5.10: the version of the list; 0 when it holds no entries (none was sent, or an empty one),
 * -1 when the station does not support a local list.
 */
export function listVersionOf(list: LocalListState): number {
  if (!list.isSupported) return -1;
  return list.entries.size === 0 ? 0 : list.version;
}

export function localListOf(list: LocalListState): LocalList {
  return {
    version: listVersionOf(list),
    entries: Object.fromEntries([...list.entries].map(([idTag, entry]) => [idTag, { ...entry }])),
  };
}

function entryOf(info: NonNullable<OCPP16.AuthorizeResponse['idTagInfo']>): LocalListEntry {
  return {
    status: info.status,
    ...(info.expiryDate === undefined ? {} : { expiryDate: info.expiryDate }),
    ...(info.parentIdTag === undefined ? {} : { parentIdTag: info.parentIdTag }),
  };
}

/**
 * §5.15 SendLocalList: Full replaces the list (every entry needs its idTagInfo); Differential
 * adds or updates the entries with an idTagInfo and removes those without, and only on a
 * listVersion above the one the station has.
 */
export function sendLocalList(
  ctx: StationContext,
  request: OCPP16.SendLocalListRequest,
): OCPP16.SendLocalListResponse {
  const list = ctx.localList;
  if (!list.isSupported) return { status: 'NotSupported' };
  const sent = request.localAuthorizationList ?? [];
  if (sent.length > list.sendMaxLength) return { status: 'Failed' };
  if (request.updateType === 'Full') {
    if (sent.some((item) => !item.idTagInfo)) return { status: 'Failed' };
    if (sent.length > list.maxLength) return { status: 'Failed' };
    list.entries = new Map(sent.map((item) => [item.idTag, entryOf(item.idTagInfo!)]));
    list.version = request.listVersion;
    return { status: 'Accepted' };
  }
  if (request.listVersion <= listVersionOf(list)) return { status: 'VersionMismatch' };
  const next = new Map(list.entries);
  for (const item of sent) {
    if (item.idTagInfo) next.set(item.idTag, entryOf(item.idTagInfo));
    else next.delete(item.idTag);
  }
  if (next.size > list.maxLength) return { status: 'Failed' };
  list.entries = next;
  list.version = request.listVersion;
  return { status: 'Accepted' };
}

export function getLocalListVersion(ctx: StationContext): OCPP16.GetLocalListVersionResponse {
  return { listVersion: listVersionOf(ctx.localList) };
}

/** The list is in use: supported, LocalAuthListEnabled, and holding entries. */
export function isListInUse(list: LocalListState): boolean {
  return list.isSupported && list.isEnabled && list.entries.size > 0;
}

/**
 * How the list decides a tag now: its entry's status (Expired once past its expiryDate), or
 * undefined when the tag is not on it.
 */
export function lookUpTag(
  ctx: StationContext,
  idTag: string,
): { status: AuthorizationStatus; parentIdTag?: string } | undefined {
  const entry = ctx.localList.entries.get(idTag);
  if (!entry) return undefined;
  const isPast = entry.expiryDate !== undefined && Date.parse(entry.expiryDate) <= ctx.clock.now();
  const status = entry.status === 'Accepted' && isPast ? 'Expired' : entry.status;
  return entry.parentIdTag === undefined ? { status } : { status, parentIdTag: entry.parentIdTag };
}
