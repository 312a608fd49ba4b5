import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import { brandById, type BrandId } from './brands';

/** Host name (lower case, no port) → brand, from BRAND_HOSTS. */
export type BrandHosts = Readonly<Record<string, BrandId>>;

/** A Host header's name: lower case, without the port and a trailing dot. */
export function hostName(host: string | undefined): string {
  if (!host) return '';
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * The brand a request is for (SPEC §1: branding depends on the deployment's brand style): the
 * one BRAND_HOSTS names for its host, else the deployment's (BRAND). The one place that decides;
 * requests read it as `request.brand` (plugins/brand.ts).
 */
export function brandForHost(
  host: string | undefined,
  hosts: BrandHosts,
  fallback: BrandId,
): BrandConfig {
  const name = hostName(host);
  const id = Object.hasOwn(hosts, name) ? hosts[name]! : fallback;
  return brandById(id);
}
