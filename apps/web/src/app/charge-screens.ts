import type { ComponentType } from 'react';
import { apiRequest } from '@/lib/api-client';
import type { Namespace } from '@/lib/i18n';
import type { screen } from './lazy-route';

// The charging screens (issue 4) load through this module: the router, part of the map
// home's first load, names only this small chunk instead of each screen's list of files
// (issue 3: first-load JS under 150 kB). It imports nothing of the first screen's own code
// (the route's `screen` helper is handed in), so the bundler keeps the first load's chunks as
// they are. A signed-in driver has it early: the shell's "session open" request is here too.

type Entry = { load: () => Promise<Record<string, ComponentType>>; name: string; namespaces: readonly Namespace[] };

/** A screen's module and the component it exports by that name (checked by the compiler). */
function entry<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  namespaces: readonly Namespace[] = ['charging'],
): Entry {
  return { load, name, namespaces };
}

const screens = {
  precharging: entry(() => import('@/features/charging/components/precharging-page'), 'PrechargingPage', ['charging', 'station']),
  chargeProfile: entry(() => import('@/features/charging/components/charge-profile-page'), 'ChargeProfilePage'),
  charging: entry(() => import('@/features/charging/components/charging-page'), 'ChargingPage'),
  history: entry(() => import('@/features/history/components/history-page'), 'HistoryPage'),
  dashboard: entry(() => import('@/features/dashboard/components/dashboard-page'), 'DashboardPage'),
  // The driver's cars and favourite stations (issue 5) come through here too, for the same budget.
  cars: entry(() => import('@/features/cars/components/cars-page'), 'CarsPage'),
  favourites: entry(() => import('@/features/favourites/components/favourites-page'), 'FavouritesPage', ['station', 'map']),
  profileSettings: entry(() => import('@/features/profile/components/profile-settings-page'), 'ProfileSettingsPage', ['profile', 'auth']),
  deleteAccount: entry(() => import('@/features/profile/components/delete-account-page'), 'DeleteAccountPage', ['profile', 'auth']),
  // Personal and corporate profiles (SPEC §6) and the driver's notifications (GET /events).
  multiaccount: entry(() => import('@/features/multiaccount/components/multiaccount-page'), 'MultiaccountPage', ['settings']),
  events: entry(() => import('@/features/events/components/events-page'), 'EventsPage', ['events']),
  // Phone confirmation (SPEC §2 confirmPhone); the QR encoder stays inside this screen's chunk.
  confirmPhone: entry(() => import('@/features/phone/components/confirm-phone-page'), 'ConfirmPhonePage', ['phone']),
};

export type ChargeScreen = keyof typeof screens;

/** The route's `lazy` result for one of the screens, through the router's own `screen`. */
export function loadChargeScreen(key: ChargeScreen, load: typeof screen) {
  const { load: module, name, namespaces } = screens[key];
  return load(module, name, namespaces)();
}

/** The number of unread notifications, for the shell's bell (GET /events, one item). */
export async function fetchUnreadEvents(signal: AbortSignal) {
  const { listEvents } = await import('@evcharge/api/events/events');
  return (await apiRequest(listEvents, { query: { pageSize: 1 }, signal })).unreadCount;
}

/** GET /charge/have-active, for the shell's charging entry (its contract brings zod: loaded here). */
export async function fetchHaveActive(signal: AbortSignal) {
  const { haveActiveCharge } = await import('@evcharge/api/charges/get-charges');
  return apiRequest(haveActiveCharge, { signal });
}
