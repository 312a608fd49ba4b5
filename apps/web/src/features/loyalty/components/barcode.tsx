import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltyBarcode } from '@evcharge/domain/loyalty';

type BarcodeProps = { value: string; format: LoyaltyBarcode };

// The symbologies' quiet zones are 11 modules (EAN-13, GS1 General Specifications 5.2.3.4) and
// 10 modules (Code 128, ISO/IEC 15417 §4.4.3) at either side; 12 covers both.
const MODULE = 2;
const QUIET_MODULES = 12;

/**
 * The card's number as a barcode for the partner's till (SPEC §7 Loyalty), drawn as SVG by
 * JsBarcode, loaded only when a card is opened so it never weighs on the map's first load.
 * Black bars on white with a quiet zone, whatever the theme, so a scanner reads it off a phone.
 */
export function Barcode({ value, format }: BarcodeProps) {
  const { t } = useTranslation('loyalty');
  const ref = useRef<SVGSVGElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');

  // The screen stays lit while the barcode is shown (Screen Wake Lock API), so it does not dim
  // before the till has read it; browsers without it just follow their own timeout.
  useEffect(() => {
    let isShown = true;
    let lock: WakeLockSentinel | undefined;
    navigator.wakeLock?.request('screen').then(
      (sentinel) => (isShown ? (lock = sentinel) : void sentinel.release()),
      () => undefined,
    );
    return () => {
      isShown = false;
      void lock?.release();
    };
  }, []);

  useEffect(() => {
    let isCurrent = true;
    import('jsbarcode').then(
      ({ default: JsBarcode }) => {
        if (!isCurrent || !ref.current) return;
        try {
          JsBarcode(ref.current, value, {
            format: format === 'ean13' ? 'EAN13' : 'CODE128',
            width: MODULE,
            height: 88,
            margin: 0,
            marginLeft: MODULE * QUIET_MODULES,
            marginRight: MODULE * QUIET_MODULES,
            marginTop: MODULE * 4,
            marginBottom: MODULE * 4,
            displayValue: false,
            background: '#ffffff',
            lineColor: '#000000',
          });
          setState('drawn');
        } catch {
          // A number the symbology cannot carry (an EAN-13 card with a wrong check digit).
          setState('failed');
        }
      },
      () => isCurrent && setState('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, [value, format]);

  return (
    <div className="barcode" data-testid="loyalty-barcode" data-format={format} data-state={state}>
      <svg ref={ref} className="barcode__svg" role="img" aria-label={t('loyalty:barcode.label', { number: value })}
        display={state === 'drawn' ? undefined : 'none'} />
      {state === 'loading' && <p className="barcode__note muted small" role="status">{t('loyalty:barcode.loading')}</p>}
      {state === 'failed' && <p className="barcode__note small" role="alert">{t('loyalty:barcode.failed')}</p>}
    </div>
  );
}
