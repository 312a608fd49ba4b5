import { parseDateTime, tariff as tariffSchema, type OcpiTariffObject } from '@evcharge/api/ocpi/types';
import type { RoamingDeps } from './credentials';
import { isPartnersParty, LocationRefusal, parse } from './locations';
import { deleteTariff, upsertTariff, type PartnerRow } from './repo';

// OCPI 2.2.1 §11 Tariffs, eMSP side: a partner's tariffs as it sends them, by our pull (GET,
// §11.2.1) or its push (PUT, DELETE, §11.2.2), kept whole and ordered by last_updated; the
// station page and the estimate read them by the ids its connectors name.

export async function storeTariff(
  deps: Pick<RoamingDeps, 'db'>,
  partner: PartnerRow,
  tariff: OcpiTariffObject,
): Promise<'stored' | 'unchanged'> {
  if (!isPartnersParty(partner, tariff.country_code, tariff.party_id))
    throw new LocationRefusal('notTheirs', `${tariff.country_code}*${tariff.party_id} is not the partner's`);
  const stored = await upsertTariff(deps.db, {
    partnerId: partner.id,
    countryCode: tariff.country_code.toUpperCase(),
    partyId: tariff.party_id.toUpperCase(),
    ocpiId: tariff.id,
    currency: tariff.currency.toUpperCase(),
    tariff,
    lastUpdated: parseDateTime(tariff.last_updated),
  });
  return stored ? 'stored' : 'unchanged';
}

/** §11.2.2.1 PUT (a whole tariff, validated and matching its URL) and §11.2.2.2 DELETE. */
export async function receiveTariffPush(
  deps: Pick<RoamingDeps, 'db'>,
  partner: PartnerRow,
  push: { method: 'PUT' | 'DELETE'; countryCode: string; partyId: string; tariffId: string; body: unknown },
): Promise<'stored' | 'unchanged'> {
  if (!isPartnersParty(partner, push.countryCode, push.partyId))
    throw new LocationRefusal('notTheirs', `${push.countryCode}*${push.partyId} is not the partner's`);
  if (push.method === 'DELETE') {
    await deleteTariff(deps.db, {
      partnerId: partner.id,
      countryCode: push.countryCode.toUpperCase(),
      partyId: push.partyId.toUpperCase(),
      ocpiId: push.tariffId,
    });
    return 'stored';
  }
  const tariff = parse(tariffSchema, push.body);
  if (
    tariff.id !== push.tariffId ||
    tariff.country_code.toUpperCase() !== push.countryCode.toUpperCase() ||
    tariff.party_id.toUpperCase() !== push.partyId.toUpperCase()
  )
    throw new LocationRefusal('invalid', 'the Tariff does not match its URL');
  return storeTariff(deps, partner, tariff);
}
