import { useMutation } from '@tanstack/react-query';
import { contractUrl } from '@evcharge/api/contract';
import { receiptPdfPath } from '@evcharge/api/payments/receipts';
import { fetchPrivateFile, saveFile } from '@/lib/private-file';

/**
 * GET /receipts/:id/pdf answers a file, not JSON, so it is fetched with the bearer token rather
 * than through apiRequest; a link could not send the Authorization header.
 */
function fetchReceiptPdf(id: string): Promise<Blob> {
  return fetchPrivateFile(contractUrl({ path: receiptPdfPath }, { id }), { accept: 'application/pdf' });
}

export function useDownloadReceiptMutation() {
  return useMutation({
    mutationFn: async ({ id, number }: { id: string; number: string }) => {
      const blob = await fetchReceiptPdf(id);
      saveFile(blob, `receipt-${number.replace(/[^\w.-]+/g, '_')}.pdf`);
    },
  });
}
