// OCPP 1.6 payloads the charge point sends, built from a connector's state.
import type { OCPP16 } from 'typed-ocpp';
import { whole, type Connector, type Fault } from './connector';

type SampledValue = OCPP16.MeterValuesRequest['meterValue'][number]['sampledValue'][number];
type ReadingContext = NonNullable<SampledValue['context']>;

export type MeterReading = { energyWh: number; powerW: number; socPercent?: number };

export const iso = (ms: number) => new Date(ms).toISOString();

export function readMeter(connector: Connector): MeterReading {
  return {
    energyWh: whole(connector.meterWh),
    powerW: Math.round(connector.powerW),
    socPercent: connector.car ? whole(connector.car.socPercent) : undefined,
  };
}

/** Energy.Active.Import.Register (Wh), Power.Active.Import (W) and the car's SoC (%). */
export function sampledValues(
  reading: MeterReading,
  context: ReadingContext,
  measurands = ['energy', 'power', 'soc'],
): SampledValue[] {
  const values: SampledValue[] = [];
  if (measurands.includes('energy')) {
    values.push({
      value: String(reading.energyWh),
      context,
      measurand: 'Energy.Active.Import.Register',
      location: 'Outlet',
      unit: 'Wh',
    });
  }
  if (measurands.includes('power')) {
    values.push({
      value: String(reading.powerW),
      context,
      measurand: 'Power.Active.Import',
      location: 'Outlet',
      unit: 'W',
    });
  }
  if (measurands.includes('soc') && reading.socPercent !== undefined) {
    values.push({
      value: String(reading.socPercent),
      context,
      measurand: 'SoC',
      location: 'EV',
      unit: 'Percent',
    });
  }
  return values;
}

export function statusPayload(
  connectorId: number,
  status: OCPP16.StatusNotificationRequest['status'],
  fault: Fault | undefined,
  nowMs: number,
): OCPP16.StatusNotificationRequest {
  return {
    connectorId,
    status,
    errorCode: fault?.errorCode ?? 'NoError',
    ...(fault?.info ? { info: fault.info } : {}),
    ...(fault?.vendorErrorCode ? { vendorErrorCode: fault.vendorErrorCode } : {}),
    timestamp: iso(nowMs),
  };
}

export function meterValuesPayload(
  connectorId: number,
  transactionId: number | undefined,
  reading: MeterReading,
  context: ReadingContext,
  nowMs: number,
): OCPP16.MeterValuesRequest {
  return {
    connectorId,
    ...(transactionId === undefined ? {} : { transactionId }),
    meterValue: [{ timestamp: iso(nowMs), sampledValue: sampledValues(reading, context) }],
  };
}

export type StopFacts = {
  transactionId: number;
  idTag: string;
  reason: NonNullable<OCPP16.StopTransactionRequest['reason']>;
  startedAtMs: number;
  meterStartWh: number;
  stoppedAtMs: number;
  reading: MeterReading;
};

export function stopTransactionPayload(facts: StopFacts): OCPP16.StopTransactionRequest {
  return {
    transactionId: facts.transactionId,
    idTag: facts.idTag,
    meterStop: facts.reading.energyWh,
    timestamp: iso(facts.stoppedAtMs),
    reason: facts.reason,
    transactionData: [
      {
        timestamp: iso(facts.startedAtMs),
        sampledValue: sampledValues(
          { energyWh: facts.meterStartWh, powerW: 0 },
          'Transaction.Begin',
          ['energy'],
        ),
      },
      {
        timestamp: iso(facts.stoppedAtMs),
        sampledValue: sampledValues(facts.reading, 'Transaction.End', ['energy', 'soc']),
      },
    ],
  };
}
