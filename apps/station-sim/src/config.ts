// Configuration keys (OCPP 1.6 §9) for GetConfiguration and ChangeConfiguration.
import type { OCPP16 } from 'typed-ocpp';
import type { StationContext } from './context';
import { restartHeartbeat } from './session';
import { restartMeterTimers } from './transactions';

type ChangeStatus = OCPP16.ChangeConfigurationResponse['status'];
type Key = {
  get(ctx: StationContext): string;
  set?(ctx: StationContext, value: string): ChangeStatus;
};

const fixed = (value: string): Key => ({ get: () => value });

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
  LocalAuthorizeOffline: {
    get: (ctx) => String(ctx.isOfflineStartAllowed),
    set(ctx, value) {
      if (value !== 'true' && value !== 'false') return 'Rejected';
      ctx.isOfflineStartAllowed = value === 'true';
      return 'Accepted';
    },
  },
  NumberOfConnectors: { get: (ctx) => String(ctx.connectors.length) },
  AuthorizeRemoteTxRequests: fixed('false'),
  LocalPreAuthorize: fixed('false'),
  StopTransactionOnEVSideDisconnect: fixed('true'),
  StopTransactionOnInvalidId: fixed('true'),
  UnlockConnectorOnEVSideDisconnect: fixed('true'),
  MeterValuesSampledData: fixed('Energy.Active.Import.Register,Power.Active.Import,SoC'),
  StopTxnSampledData: fixed('Energy.Active.Import.Register,SoC'),
  ClockAlignedDataInterval: fixed('0'),
  SupportedFeatureProfiles: fixed('Core,SmartCharging,RemoteTrigger,Reservation'),
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
  const wanted = request.key?.length ? request.key : Object.keys(keys);
  const known = wanted.filter((name) => keys[name]);
  const unknownKey = wanted.filter((name) => !keys[name]);
  return {
    configurationKey: known.map((name) => ({
      key: name,
      readonly: !keys[name]!.set,
      value: keys[name]!.get(ctx),
    })),
    ...(unknownKey.length ? { unknownKey } : {}),
  };
}

export function changeConfiguration(
  ctx: StationContext,
  request: OCPP16.ChangeConfigurationRequest,
): OCPP16.ChangeConfigurationResponse {
  const key = keys[request.key];
  if (!key) return { status: 'NotSupported' };
  if (!key.set) return { status: 'Rejected' };
  return { status: key.set(ctx, request.value) };
}
