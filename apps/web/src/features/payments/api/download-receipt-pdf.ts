import { useMutation } from '@tanstack/react-query';
import { contractUrl } from '@evcharge/api/contract';
import { receiptPdfPath } from '@evcharge/api/payments/receipts';
import { ApiError } from '@/lib/api-error';
import { toApiError } from '@/lib/error-answer';
import { clearSession, getAccessToken } from '@/lib/session';

/**
 * GET /receipts/:id/pdf answers a file, not JSON, so it is fetched here rather than through
 * apiRequest, with the same bearer token; a link could not send the Authorization header.
 */
async function fetchReceiptPdf(id: string): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'application/pdf' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(contractUrl({ path: receiptPdfPath }, { id }), { headers, credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) {
    if (response.status === 401) clearSession();
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not our JSON: the status alone says what kind of failure it was.
    }
    throw toApiError(response.status, body, response.headers.get('Retry-After'));
  }
  return response.blob();
}

/** Hands the file to the browser as a download named after the receipt's number. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadReceiptMutation() {
  return useMutation({
    mutationFn: async ({ id, number }: { id: string; number: string }) => {
      const blob = await fetchReceiptPdf(id);
      saveFile(blob, `receipt-${number.replace(/[^\w.-]+/g, '_')}.pdf`);
    },
  });
}
