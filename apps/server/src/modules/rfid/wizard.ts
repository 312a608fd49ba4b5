import type { OCPP16 } from 'typed-ocpp';
import type { RfidBinding } from '@evcharge/api/rfid/rfid';
import { AppError } from '@evcharge/domain/errors';
import { canUseStation } from '@evcharge/domain/private-station';
import {
  isIdToken,
  isRfidBindingOpen,
  openRfidBindingStatuses,
  rfidStepSeconds,
  type RfidBindingFailReason,
  type RfidBindingStatus,
} from '@evcharge/domain/rfid';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/errors';
import { checkIdTag, findActiveSession, isReachable } from '../sessions';
import {
  bindingById,
  expireBindings,
  insertBinding,
  insertTag,
  moveBinding,
  openBindingAtConnector,
  openBindingAtStation,
  openBindingsAtStationIds,
  openBindingsOfUser,
  userTag,
  wizardPlace,
  type BindingRow,
} from './repo';
import { toBinding, toTag } from './view';

// SPEC §4 the RFID wizard: 1 plug the car in (the connector reports Preparing, OCPP 1.6 §4.9),
// 2 touch the tag to the reader (the station's Authorize, §4.1, of a tag nobody has bound is
// held for the waiting driver), 3 confirm the binding. Each step times out; a binding's
// `version` grows with every change, and the long poll answers when it passes the client's.

export type WizardDeps = Pick<Deps, 'db' | 'config' | 'chargePoints' | 'chargeEvents' | 'now'>;

const open = openRfidBindingStatuses;

function deadline(now: Date, status: RfidBindingStatus): Date {
  return new Date(now.getTime() + rfidStepSeconds(status) * 1000);
}

function wake(deps: WizardDeps, userIds: readonly (string | undefined)[]): void {
  for (const userId of new Set(userIds)) if (userId) deps.chargeEvents.notify(userId);
}

/** The binding as the app sees it; the tag bound at its end, when there is one. */
export async function bindingView(deps: WizardDeps, row: BindingRow): Promise<RfidBinding> {
  const tagRow = row.rfidTagId ? await userTag(deps.db, row.userId, row.rfidTagId) : undefined;
  return toBinding(row, tagRow ? toTag(tagRow) : null, deps.config.demoMode);
}

/** The driver's binding, timed out first when its step is over; another driver's is not found. */
export async function ownBinding(deps: WizardDeps, userId: string, id: string) {
  wake(deps, await expireBindings(deps.db, { id }, deps.now()));
  const row = await bindingById(deps.db, id);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * POST /rfid/check_connector: the wizard begins at a connector of a station with a reader.
 * The driver's earlier wizard ends; a car already plugged in skips to the tag.
 */
export async function checkConnector(
  deps: WizardDeps,
  userId: string,
  connectorId: string,
): Promise<RfidBinding> {
  const { db } = deps;
  const now = deps.now();
  const place = await wizardPlace(db, connectorId);
  // A private station: its owner's, others' while it is shared (domain/private-station.ts).
  if (!place || !canUseStation(place, userId, now)) throw new AppError('NOT_FOUND');
  if (!place.supportsRfid || place.isRoaming || !place.chargePointId)
    throw new AppError('RFID_NOT_SUPPORTED');
  if (!isReachable(deps, place.chargePointId, place.connectedAt) || place.status === 'unavailable')
    throw new AppError('RFID_STATION_OFFLINE');
  const session = await findActiveSession(db, connectorId);
  if (session || ['charging', 'suspendedev', 'suspendedevse', 'finishing'].includes(place.status))
    throw new AppError('RFID_CAR_CHARGING');

  const mine = await openBindingsOfUser(db, userId);
  for (const { id } of mine) await moveBinding(db, id, open, { status: 'cancelled' }, now);
  await expireBindings(db, { stationId: place.stationId }, now);
  const status: RfidBindingStatus = place.status === 'preparing' ? 'waitingTag' : 'waitingCar';
  let id: string;
  try {
    id = await insertBinding(db, {
      userId,
      stationId: place.stationId,
      connectorId,
      status,
      deadlineAt: deadline(now, status),
    });
  } catch (error) {
    // Another driver's wizard holds the station's reader (one open binding per station).
    if (isUniqueViolation(error)) throw new AppError('RFID_READER_BUSY');
    throw error;
  }
  wake(deps, [userId]);
  return bindingView(deps, (await bindingById(db, id))!);
}

/** DELETE /rfid/binding/{id}: the driver leaves the wizard; the reader is free again. */
export async function cancelBinding(
  deps: WizardDeps,
  userId: string,
  id: string,
): Promise<RfidBinding> {
  const row = await ownBinding(deps, userId, id);
  if (isRfidBindingOpen(row.status)) {
    wake(deps, [await moveBinding(deps.db, id, open, { status: 'cancelled' }, deps.now())]);
  }
  return bindingView(deps, (await bindingById(deps.db, id))!);
}

/**
 * A tag at a station's reader (Authorize) while a wizard waits there. A tag nobody has bound is
 * held for the driver: the answer is Invalid, so the station starts nothing with it, and the
 * wizard asks the driver to confirm. A tag someone has bound ends the wizard (`alreadyLinked`)
 * and is answered as usual (undefined), as is the idTag of a start from the app. Without a
 * wizard at the station (nearly always) this is one indexed read.
 */
export async function holdPresentedTag(
  deps: WizardDeps,
  stationId: string,
  idTag: string,
): Promise<OCPP16.AuthorizeResponse['idTagInfo'] | undefined> {
  const { db } = deps;
  const binding = await openBindingAtStation(db, stationId);
  if (!binding || binding.status === 'tagRead' || !isIdToken(idTag)) return undefined;
  const now = deps.now();
  if (binding.deadlineAt < now) {
    wake(deps, await expireBindings(db, { id: binding.id }, now));
    return undefined;
  }
  const verdict = await checkIdTag(db, idTag);
  if (verdict.status === 'Accepted' && verdict.rfidTagId === null) return undefined;
  if (verdict.status !== 'Invalid') {
    wake(deps, [
      await moveBinding(
        db,
        binding.id,
        ['waitingCar', 'waitingTag'],
        { status: 'failed', failReason: 'alreadyLinked' satisfies RfidBindingFailReason },
        now,
      ),
    ]);
    return undefined;
  }
  const userId = await moveBinding(
    db,
    binding.id,
    ['waitingCar', 'waitingTag'],
    { status: 'tagRead', uid: idTag, deadlineAt: deadline(now, 'tagRead') },
    now,
  );
  if (!userId) return undefined;
  wake(deps, [userId]);
  return { status: 'Invalid' };
}

/**
 * A connector's reported status moves the wizard waiting at it (OCPP 1.6 §4.9): Preparing (a
 * car plugged in) on to the tag; Available (unplugged) back to the car; a transaction on it
 * ends the wizard (`carCharging`).
 */
export async function followConnector(
  deps: WizardDeps,
  connectorId: string,
  status: OCPP16.StatusNotificationRequest['status'],
): Promise<void> {
  const { db } = deps;
  const binding = await openBindingAtConnector(db, connectorId);
  if (!binding) return;
  const now = deps.now();
  let userId: string | undefined;
  if (status === 'Preparing') {
    userId = await moveBinding(
      db,
      binding.id,
      ['waitingCar'],
      { status: 'waitingTag', deadlineAt: deadline(now, 'waitingTag') },
      now,
    );
  } else if (status === 'Available') {
    userId = await moveBinding(
      db,
      binding.id,
      ['waitingTag'],
      { status: 'waitingCar', deadlineAt: deadline(now, 'waitingCar') },
      now,
    );
  } else if (['Charging', 'SuspendedEV', 'SuspendedEVSE'].includes(status)) {
    userId = await moveBinding(
      db,
      binding.id,
      ['waitingCar', 'waitingTag'],
      { status: 'failed', failReason: 'carCharging' satisfies RfidBindingFailReason },
      now,
    );
  }
  wake(deps, [userId]);
}

/** The station went offline: its wizard cannot go on. */
export async function stationWentOffline(deps: WizardDeps, stationId: string): Promise<void> {
  const now = deps.now();
  const rows = await openBindingsAtStationIds(deps.db, stationId);
  for (const row of rows) {
    wake(deps, [
      await moveBinding(
        deps.db,
        row.id,
        open,
        { status: 'failed', failReason: 'stationOffline' satisfies RfidBindingFailReason },
        now,
      ),
    ]);
  }
}

/**
 * POST /rfid: the driver confirms the tag the wizard read, with a name for it. The tag's
 * number is unique among bound tags (the database decides two confirmations at once).
 */
export async function confirmBinding(
  deps: WizardDeps,
  userId: string,
  bindingId: string,
  name: string,
) {
  const { db } = deps;
  const row = await ownBinding(deps, userId, bindingId);
  if (row.status === 'bound' && row.rfidTagId) {
    const tag = await userTag(db, userId, row.rfidTagId);
    if (tag) return toTag(tag);
  }
  if (row.status === 'expired') throw new AppError('RFID_STEP_TIMEOUT');
  if (row.status !== 'tagRead' || !row.uid) throw new AppError('RFID_ALREADY_LINKED');
  const now = deps.now();
  try {
    const tag = await db.transaction(async (tx) => {
      const inserted = await insertTag(tx, { userId, uid: row.uid!, name });
      const moved = await moveBinding(
        tx,
        bindingId,
        ['tagRead'],
        { status: 'bound', rfidTagId: inserted.id },
        now,
      );
      // The step ended meanwhile (timed out or cancelled): nothing is bound.
      if (!moved) throw new AppError('RFID_STEP_TIMEOUT');
      return inserted;
    });
    wake(deps, [userId]);
    return toTag(tag);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    wake(deps, [
      await moveBinding(
        db,
        bindingId,
        ['tagRead'],
        { status: 'failed', failReason: 'alreadyLinked' satisfies RfidBindingFailReason },
        now,
      ),
    ]);
    throw new AppError('RFID_ALREADY_LINKED');
  }
}
