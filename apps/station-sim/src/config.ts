// Configuration keys (OCPP 1.6 §9) for GetConfiguration and ChangeConfiguration.
import type { OCPP16 } from 'typed-ocpp';
import type { StationContext } from './context';
import { restartHeartbeat } from './session';
import { restartMeterTimers } from './transactions';

type ChangeStatus = OCPP16.ChangeConfigurationResponse['status'];
type Key = {
  get(ctx: StationContext): string;
  set?(ctx: StationContext, value: string): ChangeStatus;
  /** The key exists only on some stations (those with a local list). */
  isPresent?(ctx: StationContext): boolean;
};

const fixed = (value: string): Key => ({ get: () => value });

/** A writable boolean key. */
function flag(
  get: (ctx: StationContext) => boolean,
  set: (ctx: StationContext, on: boolean) => void,
): Key {
  return {
    get: (ctx) => String(get(ctx)),
    set(ctx, value) {
      if (value !== 'true' && value !== 'false') return 'Rejected';
      set(ctx, value === 'true');
      return 'Accepted';
    },
  };
}

const hasLocalList = (ctx: StationContext) => ctx.localList.isSupported;

function parseSeconds(value: string): number | undefined {
  const seconds = Number(value);
  return value.trim() !== '' && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

const keys: Record<string, Key> = {
  HeartbeatInterval: {
    get: (ctx) => String(ctx.heartbeatIntervalSeconds),
    set(ctx, value) {
      const seconds = parseSeconds(value);
      if (seconds === undefined) return 'Rejected';
      ctx.heartbeatIntervalSeconds = seconds;
      restartHeartbeat(ctx);
      return 'Accepted';
    },
  },
  MeterValueSampleInterval: {
    get: (ctx) => String(ctx.meterIntervalMs / 1000),
    set(ctx, value) {
      const seconds = parseSeconds(value);
      if (seconds === undefined) return 'Rejected';
      ctx.meterIntervalMs = seconds * 1000;
      restartMeterTimers(ctx);
      return 'Accepted';
    },
  },
  ConnectionTimeOut: {
    get: (ctx) => String(ctx.connectionTimeoutSeconds),
    set(ctx, value) {
      const seconds = parseSeconds(value);
      if (seconds === undefined) return 'Rejected';
      ctx.connectionTimeoutSeconds = seconds;
      return 'Accepted';
    },
  },
  LocalAuthorizeOffline: flag(
    (ctx) => ctx.isOfflineStartAllowed,
    (ctx, on) => {
      ctx.isOfflineStartAllowed = on;
    },
  ),
  LocalPreAuthorize: flag(
    (ctx) => ctx.localList.isPreAuthorize,
    (ctx, on) => {
      ctx.localList.isPreAuthorize = on;
    },
  ),
  // OCPP 1.6 §9.4 LocalAuthListManagement profile.
  LocalAuthListEnabled: {
    ...flag(
      (ctx) => ctx.localList.isEnabled,
      (ctx, on) => {
        ctx.localList.isEnabled = on;
      },
    ),
    isPresent: hasLocalList,
  },
  LocalAuthListMaxLength: {
    get: (ctx) => String(ctx.localList.maxLength),
    isPresent: hasLocalList,
  },
  SendLocalListMaxLength: {
    get: (ctx) => String(ctx.localList.sendMaxLength),
    isPresent: hasLocalList,
  },
  NumberOfConnectors: { get: (ctx) => String(ctx.connectors.length) },
  AuthorizeRemoteTxRequests: fixed('false'),
  StopTransactionOnEVSideDisconnect: fixed('true'),
  StopTransactionOnInvalidId: fixed('true'),
  UnlockConnectorOnEVSideDisconnect: fixed('true'),
  MeterValuesSampledData: fixed('Energy.Active.Import.Register,Power.Active.Import,SoC'),
  StopTxnSampledData: fixed('Energy.Active.Import.Register,SoC'),
  ClockAlignedDataInterval: fixed('0'),
  SupportedFeatureProfiles: {
    get: (ctx) =>
      `Core,SmartCharging,RemoteTrigger,Reservation${hasLocalList(ctx) ? ',LocalAuthListManagement' : ''}`,
  },
  ChargeProfileMaxStackLevel: fixed('10'),
  ChargingScheduleAllowedChargingRateUnit: fixed('Current,Power'),
  ChargingScheduleMaxPeriods: fixed('24'),
  MaxChargingProfilesInstalled: fixed('20'),
  ReserveConnectorZeroSupported: fixed('false'),
  GetConfigurationMaxKeys: fixed('50'),
};

export function getConfiguration(
  ctx: StationContext,
  request: OCPP16.GetConfigurationRequest,
): OCPP16.GetConfigurationResponse {
  const present = (name: string) => {
    const key = keys[name];
    return key && (key.isPresent?.(ctx) ?? true) ? key : undefined;
  };
  const wanted = request.key?.length ? request.key : Object.keys(keys).filter(present);
  const known = wanted.filter((name) => present(name));
  const unknownKey = wanted.filter((name) => !present(name));
  return {
    configurationKey: known.map((name) => ({
      key: name,
      readonly: !present(name)!.set,
      value: present(name)!.get(ctx),
    })),
    ...(unknownKey.length ? { unknownKey } : {}),
  };
}

export function changeConfiguration(
  ctx: StationContext,
  request: OCPP16.ChangeConfigurationRequest,
): OCPP16.ChangeConfigurationResponse {
  const key = keys[request.key];
  if (!key || !(key.isPresent?.(ctx) ?? true)) return { status: 'NotSupported' };
  if (!key.set) return { status: 'Rejected' };
  return { status: key.set(ctx, request.value) };
}
