import { useQuery } from '@tanstack/react-query';
import { chargeDetailQueryOptions, currentChargesQueryOptions } from '@/lib/charge-query';

export function useCurrentChargesQuery() {
  return useQuery(currentChargesQueryOptions());
}

export function useChargeDetailQuery(transactionId: number | null) {
  return useQuery({ ...chargeDetailQueryOptions(transactionId ?? 0), enabled: transactionId !== null });
}
