import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as defaultClient } from '@/lib/query-client';

export function Providers({ children, client = defaultClient }: { children: ReactNode; client?: QueryClient }) {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
