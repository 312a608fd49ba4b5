import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/brand';
import { LoyaltyEditor } from './loyalty-editor';
import { LoyaltyList } from './loyalty-list';
import '@/components/charge/charge.css';
import '@/components/ui/card.css';
import './loyalty.css';

/** loyalty_cards (SPEC §2, §7 Loyalty): the driver's loyalty cards, and at `?card=new` or `?card=<id>` the form. */
export function LoyaltyPage() {
  const { t } = useTranslation('loyalty');
  const [params] = useSearchParams();
  const card = params.get('card');
  useDocumentTitle(t('loyalty:title'));
  return card === null ? <LoyaltyList /> : <LoyaltyEditor cardId={card === 'new' ? null : card} />;
}
