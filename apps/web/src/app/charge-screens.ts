import { listEvents } from '@evcharge/api/events/events';
import { countNewMessages } from '@evcharge/api/messages/messages';
import { haveActiveCharge } from '@evcharge/api/sessions/get-charges';
import { apiRequest } from '@/lib/api-client';
import type { screen } from './lazy-route';
import type { SignedInScreen } from './paths';
import { entry, loadEntry, type ScreenEntry } from './screen-entry';

// A signed-in driver's screens (paths.ts `signedInScreenPaths`) and the shell's signed-in parts
// load through this module: the map home's first load names only this small chunk instead of
// each screen's list of files (the first-load budget, bench/RESULTS.md). It imports nothing of the
// first screen's own code (the route's `screen` helper is handed in), so the bundler keeps the
// first load's chunks as they are. A signed-in driver has it early: the shell's "session open"
// request is here too, so a screen opened from the shell waits for no extra round trip.

const screens: Record<SignedInScreen, ScreenEntry> = {
  // The map's filter and the driver's own screens.
  filter: entry(() => import('@/features/map/components/filter-page'), 'FilterPage', ['map', 'filter']),
  about: entry(() => import('@/features/about/components/about-page'), 'AboutPage', ['about']),
  help: entry(() => import('@/features/about/components/help-page'), 'HelpPage', ['about']),
  profile: entry(() => import('@/features/account/components/profile-page'), 'ProfilePage', ['profile']),
  appSettings: entry(() => import('@/features/settings/components/app-settings-page'), 'AppSettingsPage', ['settings']),
  // The charging screens.
  precharging: entry(() => import('@/features/sessions/components/precharging-page'), 'PrechargingPage', ['charging', 'station']),
  chargeProfile: entry(() => import('@/features/sessions/components/charge-profile-page'), 'ChargeProfilePage', ['charging']),
  charging: entry(() => import('@/features/sessions/components/charging-page'), 'ChargingPage', ['charging']),
  history: entry(() => import('@/features/history/components/history-page'), 'HistoryPage', ['charging', 'reserve']),
  reserve: entry(() => import('@/features/reserve/components/reserve-page'), 'ReservePage', ['reserve', 'charging', 'station', 'validation']),
  dashboard: entry(() => import('@/features/dashboard/components/dashboard-page'), 'DashboardPage', ['charging']),
  // The driver's cars and favourite stations.
  cars: entry(() => import('@/features/cars/components/cars-page'), 'CarsPage', ['charging']),
  // RFID tags: the binding wizard at a connector (SPEC §4) and the driver's tags.
  rfid: entry(() => import('@/features/rfid/components/rfid-page'), 'RfidPage', ['rfid', 'station']),
  myRfid: entry(() => import('@/features/rfid/components/my-rfid-page'), 'MyRfidPage', ['rfid']),
  loyaltyCards: entry(() => import('@/features/loyalty/components/loyalty-page'), 'LoyaltyPage', ['loyalty', 'charging']),
  favourites: entry(() => import('@/features/favourites/components/favourites-page'), 'FavouritesPage', ['station', 'map']),
  profileSettings: entry(() => import('@/features/account/components/profile-settings-page'), 'ProfileSettingsPage', ['profile', 'auth']),
  deleteAccount: entry(() => import('@/features/account/components/delete-account-page'), 'DeleteAccountPage', ['profile', 'auth']),
  // Personal and corporate profiles (SPEC §6) and the driver's notifications (GET /events).
  multiaccount: entry(() => import('@/features/companies/components/multiaccount-page'), 'MultiaccountPage', ['settings']),
  events: entry(() => import('@/features/events/components/events-page'), 'EventsPage', ['settings']),
  // The support chat (SPEC §2 chat, §7 Messages); a message's session speaks `charging`.
  chat: entry(() => import('@/features/messages/components/chat-page'), 'ChatPage', ['messages', 'charging']),
  // Phone confirmation (SPEC §2 confirmPhone); the QR encoder stays inside this screen's chunk.
  confirmPhone: entry(() => import('@/features/phone/components/confirm-phone-page'), 'ConfirmPhonePage', ['profile']),
  // Money: bound cards, the balance, the debt and receipts.
  cards: entry(() => import('@/features/payments/components/cards-page'), 'CardsPage', ['payments']),
  wallet: entry(() => import('@/features/payments/components/wallet-page'), 'WalletPage', ['payments', 'validation']),
  debt: entry(() => import('@/features/payments/components/debt-page'), 'DebtPage', ['payments']),
  receipts: entry(() => import('@/features/payments/components/receipts-page'), 'ReceiptsPage', ['payments']),
  receipt: entry(() => import('@/features/payments/components/receipt-page'), 'ReceiptPage', ['payments']),
  // SPEC §2 shop: goods, cart, delivery, payment and orders (texts: `payments:shop.*`).
  shop: entry(() => import('@/features/shop/components/shop-page'), 'ShopPage', ['payments', 'validation']),
  // The driver's own stations (SPEC §2 myCharges), and at ?station=<id> one's schedule and prices.
  myCharges: entry(() => import('@/features/private-stations/components/my-charges-page'), 'MyChargesPage', ['profile', 'station', 'charging', 'validation']),
};

/** The route's `lazy` result for one of the screens, through the router's own `screen`. */
export function loadSignedInScreen(key: SignedInScreen, load: typeof screen) {
  return loadEntry(screens[key], load);
}

/** The header's profile chip and bell (app/shell/signed-in-tools.tsx), for `React.lazy`. */
export async function loadSignedInTools() {
  const { SignedInTools } = await import('./shell/signed-in-tools');
  return { default: SignedInTools };
}

/** The account's language and the privacy-policy dialog, for `React.lazy` (texts: `profile`). */
export async function loadAccountWatch() {
  const { AccountWatch } = await import('@/features/account/components/account-watch');
  return { default: AccountWatch };
}

/** The number of unread notifications, for the shell's bell (GET /events, one item). */
export async function fetchUnreadEvents(signal: AbortSignal) {
  return (await apiRequest(listEvents, { query: { pageSize: 1 }, signal })).unreadCount;
}

/** How many support messages the driver has not read, for the shell's chat badge (GET /messages/new). */
export async function fetchNewMessages(signal: AbortSignal) {
  return (await apiRequest(countNewMessages, { signal })).count;
}

/** GET /charge/have-active, for the shell's charging entry. */
export async function fetchHaveActive(signal: AbortSignal) {
  return apiRequest(haveActiveCharge, { signal });
}
