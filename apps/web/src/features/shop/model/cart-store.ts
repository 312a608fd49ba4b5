import { useSyncExternalStore } from 'react';
import type { ShopDeliveryInput } from '@evcharge/domain/shop';
import type { CartLine } from './cart';

// The driver's cart and delivery details, kept in localStorage per account: a reload, a trip to
// the bank's page and back, or closing the app loses nothing typed. `awaitingOrderId` is the
// order placed from this cart while its payment is open: the cart empties once it is paid.

export type DeliveryDraft = { [Key in keyof Required<ShopDeliveryInput>]: string };

export type CartState = {
  lines: CartLine[];
  delivery: DeliveryDraft;
  awaitingOrderId: string | null;
};

export const emptyDelivery: DeliveryDraft = { name: '', phone: '', city: '', address: '', postcode: '', comment: '' };
const emptyCart: CartState = { lines: [], delivery: emptyDelivery, awaitingOrderId: null };

const storageKey = (owner: string) => `shopCart:${owner}`;
const listeners = new Set<() => void>();
const cache = new Map<string, CartState>();

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return typeof line.itemId === 'string' && typeof line.quantity === 'number' && Number.isInteger(line.quantity) && line.quantity > 0;
}

/** A stored cart as far as it makes sense; anything unreadable counts as empty. */
export function parseCart(raw: string | null): CartState {
  if (!raw) return emptyCart;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof CartState, unknown>>;
    const lines = Array.isArray(value.lines) ? value.lines.filter(isLine) : [];
    const stored = typeof value.delivery === 'object' && value.delivery !== null ? (value.delivery as Record<string, unknown>) : {};
    const delivery = Object.fromEntries(
      Object.keys(emptyDelivery).map((key) => [key, typeof stored[key] === 'string' ? stored[key] : '']),
    ) as DeliveryDraft;
    const awaitingOrderId = typeof value.awaitingOrderId === 'string' ? value.awaitingOrderId : null;
    return { lines, delivery, awaitingOrderId };
  } catch {
    return emptyCart;
  }
}

function read(owner: string): CartState {
  const known = cache.get(owner);
  if (known) return known;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(storageKey(owner));
  } catch {
    // Storage can be off (private mode): the cart then lives for this page only.
  }
  const state = parseCart(raw);
  cache.set(owner, state);
  return state;
}

export function getCart(owner: string): CartState {
  return read(owner);
}

export function updateCart(owner: string, change: (state: CartState) => CartState): void {
  const next = change(read(owner));
  cache.set(owner, next);
  try {
    window.localStorage.setItem(storageKey(owner), JSON.stringify(next));
  } catch {
    // Not persisted; the in-memory cart still holds for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same driver changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (!event.key?.startsWith('shopCart:')) return;
    cache.delete(event.key.slice('shopCart:'.length));
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cart of the signed-in driver (`owner`: their user id). */
export function useCart(owner: string): CartState {
  return useSyncExternalStore(subscribe, () => read(owner), () => read(owner));
}

/** Forgets the in-memory copies (tests start each case from storage). */
export function forgetCarts(): void {
  cache.clear();
}
