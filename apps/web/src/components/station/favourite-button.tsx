import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { errorText } from '@/lib/api-error';
import { useFavouriteMutation } from '@/lib/favourites-query';
import { useSession } from '@/lib/session';
import './favourite-button.css';

type FavouriteButtonProps = {
  stationId: string;
  stationName: string;
  isFavourite: boolean;
  /**
   * Makes the change instead of the button's own request: a list whose rows leave as they are
   * un-liked keeps the request (its failure, an undo) above them.
   */
  onToggle?: (isFavourite: boolean) => void;
  /**
   * What a visitor's tap does (the station page opens the login dialog, SPEC §4). Without it a
   * visitor sees no heart: the map's sheet leaves the login dialog's module to the shell, where a
   * second importer split it into a chunk of its own (first-load JS).
   */
  onSignIn?: () => void;
  testId?: string;
};

/** The heart: adds a station to the favourites or takes it out. Texts of the `station` namespace. */
export function FavouriteButton({ stationId, stationName, isFavourite, onToggle, onSignIn, testId = 'favourite-toggle' }: FavouriteButtonProps) {
  const { t } = useTranslation('station');
  const session = useSession();
  const mutation = useFavouriteMutation();
  if (!session && !onSignIn) return null;
  const label = isFavourite ? t('station:favourite.remove', { station: stationName }) : t('station:favourite.add', { station: stationName });

  function toggle() {
    if (!session) {
      onSignIn?.();
      return;
    }
    if (onToggle) onToggle(!isFavourite);
    else mutation.mutate({ stationId, isFavourite: !isFavourite });
  }

  return (
    <span className="favourite">
      <button
        type="button"
        className={isFavourite ? 'favourite-button favourite-button--on' : 'favourite-button'}
        aria-label={label}
        title={label}
        onClick={toggle}
        data-testid={testId}
        data-favourite={isFavourite}
      >
        <Icon name="heart" size={24} />
      </button>
      {mutation.isError && (
        <span className="favourite__error" role="alert" data-testid={`${testId}-error`}>{errorText(t, mutation.error)}</span>
      )}
    </span>
  );
}
