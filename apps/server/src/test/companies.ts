import { randomBytes } from 'node:crypto';
import type { NotificationType } from '@evcharge/domain/constants';
import { companies, companyMembers } from '../db/schema/users';
import { postTransaction } from '../modules/ledger';
import type { TestServer } from './harness';

// Companies for the corporate-profile tests: members with their role, money on the wallet.

export type TestCompany = { id: string; name: string };

export async function addCompany(
  server: TestServer,
  options: {
    members?: { userId: string; role?: 'owner' | 'member' }[];
    balanceMinor?: number;
    notificationType?: NotificationType;
    notificationContact?: string | null;
    name?: string;
  } = {},
): Promise<TestCompany> {
  const [company] = await server.db
    .insert(companies)
    .values({
      name: options.name ?? `Fleet ${randomBytes(3).toString('hex')}`,
      currency: 'rub',
      notificationType: options.notificationType ?? 'Email',
      notificationContact: options.notificationContact ?? null,
    })
    .returning({ id: companies.id, name: companies.name });
  if (!company) throw new Error('company insert failed');
  for (const member of options.members ?? [])
    await server.db
      .insert(companyMembers)
      .values({ companyId: company.id, userId: member.userId, role: member.role ?? 'member' });
  if (options.balanceMinor) await topUpCompany(server, company.id, options.balanceMinor);
  return company;
}

let topUps = 0;

export async function topUpCompany(server: TestServer, companyId: string, amountMinor: number) {
  topUps += 1;
  await postTransaction(server.db, {
    kind: 'top_up',
    reference: `test-company-top-up-${companyId}-${topUps}`,
    currency: 'rub',
    postings: [
      { owner: { kind: 'company_wallet', companyId }, amountMinor },
      { owner: { kind: 'acquirer_clearing' }, amountMinor: -amountMinor },
    ],
  });
}
