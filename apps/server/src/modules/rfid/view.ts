import type { RfidBinding, RfidTag } from '@evcharge/api/rfid/rfid';
import { maskTagNumber, type RfidBindingFailReason } from '@evcharge/domain/rfid';
import type { BindingRow, TagRow } from './repo';

// What the app sees of a binding and a tag: a bound tag's number only masked.

export function toTag(row: TagRow): RfidTag {
  return {
    id: row.id,
    name: row.name ?? `RFID ${row.uid.slice(-4)}`,
    numberMasked: maskTagNumber(row.uid),
    isBlocked: row.isBlocked,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function toBinding(
  row: BindingRow,
  tag: RfidTag | null,
  canSimulateTag: boolean,
): RfidBinding {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    station: {
      id: row.stationId,
      code: row.stationCode,
      name: row.stationName,
      address: row.stationAddress,
    },
    connector: { id: row.connectorId, number: row.connectorNumber, socketType: row.socketType },
    deadlineAt: row.deadlineAt.toISOString(),
    // The number read is shown while the driver confirms it, never after.
    tagNumber: row.status === 'tagRead' ? row.uid : null,
    failReason: (row.failReason as RfidBindingFailReason | null) ?? null,
    tag,
    canSimulateTag: canSimulateTag && (row.status === 'waitingCar' || row.status === 'waitingTag'),
  };
}
