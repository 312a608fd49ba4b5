import { brandName } from '@/lib/card-name';
import { brandTone } from '../model/card-text';

/** A small drawing of the card in its scheme's colours (decorative: the text names the card). */
export function CardFace({ brand, isMuted }: { brand: string; isMuted?: boolean }) {
  const classes = ['card-face', `card-face--${brandTone(brand)}`, isMuted ? 'card-face--muted' : ''].filter(Boolean).join(' ');
  return (
    <span className={classes} aria-hidden="true">
      <span className="card-face__chip" />
      <span className="card-face__brand">{brandName(brand)}</span>
    </span>
  );
}
