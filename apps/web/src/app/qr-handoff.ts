import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { qrCodeFromPath } from '@/lib/qr';
import { useSession } from '@/lib/session';
import { readFromClient, writeFromClient } from '@/lib/storage';
import { paths, withSearch } from './paths';

/**
 * A driver who scans a connector's QR code while signed out must see that station and
 * connector, not the map. SPEC §4 keeps /c/{code} protected (it is not a public path), so the
 * guard does what the spec says: remembers /c/{code} in fromClient and sends the visitor to /
 * keeping the locale. Arriving there, we hand the remembered code to the public station page
 * (/detailStation, a SPEC §4 public path), which resolves it and asks to sign in to charge;
 * its sign-in prompt remembers that page, so sign-in comes back to the same connector.
 */
export function useQrHandoff(): void {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isSignedIn = useSession() !== null;

  useEffect(() => {
    if (isSignedIn || pathname !== paths.home) return;
    const code = qrCodeFromPath(readFromClient());
    if (!code) return;
    writeFromClient(null);
    navigate(withSearch(paths.detailStation, { qr: code }), { replace: true });
  }, [pathname, isSignedIn, navigate]);
}
