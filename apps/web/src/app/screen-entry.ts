import type { ComponentType } from 'react';
import type { Namespace } from '@/lib/i18n';
import type { screen } from './lazy-route';

/** A screen in a table of screens loaded through a module of its own (charge-screens.ts, public-screens.ts). */
export type ScreenEntry = {
  load: () => Promise<Record<string, ComponentType>>;
  name: string;
  namespaces: readonly Namespace[];
};

/** A screen's module and the component it exports by that name (checked by the compiler). */
export function entry<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  namespaces: readonly Namespace[] = [],
): ScreenEntry {
  return { load, name, namespaces };
}

/** The route's `lazy` result for a screen of the table, through the router's own `screen`. */
export function loadEntry({ load: module, name, namespaces }: ScreenEntry, load: typeof screen) {
  return load(module, name, namespaces)();
}
