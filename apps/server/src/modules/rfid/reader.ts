import type { OCPP16 } from 'typed-ocpp';
import type { SessionChargePointEvents } from '../sessions';
import type { ChargePointSender } from '../sessions';
import type { LocalListSync } from './local-list';
import { followConnector, holdPresentedTag, stationWentOffline, type WizardDeps } from './wizard';

// What a charge point's reader and connectors tell the RFID wizard, before the sessions module
// decides as usual (app.ts wires these in front of it): a tag nobody has bound, presented where
// a wizard waits, is held for that driver (wizard.ts holdPresentedTag).

type IdTagInfo = OCPP16.AuthorizeResponse['idTagInfo'];
type ReportedStatus = OCPP16.StatusNotificationRequest['status'];

export type RfidReader = {
  authorize(from: ChargePointSender, idTag: string): Promise<IdTagInfo>;
  sessionConnectorStatus(
    from: ChargePointSender,
    connectorId: string,
    status: ReportedStatus,
    at: Date,
    occupancy?: { hasActiveSession: boolean; hasOpenBinding: boolean },
  ): Promise<void>;
  stationUnavailable(stationId: string): Promise<void>;
  booted(chargePointId: string): void;
};

export function rfidReader(
  deps: WizardDeps,
  sessions: Pick<SessionChargePointEvents, 'authorize' | 'sessionConnectorStatus'>,
  localList: LocalListSync,
): RfidReader {
  return {
    async authorize(from, idTag) {
      return (
        (await holdPresentedTag(deps, from.stationId, idTag)) ?? sessions.authorize(from, idTag)
      );
    },
    async sessionConnectorStatus(from, connectorId, status, at, occupancy) {
      if (occupancy?.hasActiveSession !== false)
        await sessions.sessionConnectorStatus(from, connectorId, status, at);
      if (occupancy?.hasOpenBinding !== false) await followConnector(deps, connectorId, status);
    },
    stationUnavailable: (stationId) => stationWentOffline(deps, stationId),
    booted: (chargePointId) => localList.booted(chargePointId),
  };
}
