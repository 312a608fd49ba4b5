import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useOperationsQuery } from '../api/list-balance-operations';
import { OperationItem } from './operation-item';

/** The balance's operations, newest first, a page at a time. */
export function OperationsList() {
  const { t } = useTranslation('payments');
  const query = useOperationsQuery();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <Card title={t('payments:operations.title')} testId="operations">
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack-s">
          <Alert tone="error" testId="operations-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && items.length === 0 && <p className="muted" data-testid="operations-empty">{t('payments:operations.empty')}</p>}
      {items.length > 0 && (
        <ul className="operations" data-testid="operations-list">
          {items.map((operation) => <OperationItem key={operation.id} operation={operation} />)}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" className="money__more-button" isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()} data-testid="operations-more">
          {t('payments:showMore', { shown: items.length, total })}
        </Button>
      )}
      {query.isFetchNextPageError && <Alert tone="error"><p>{errorText(t, query.error)}</p></Alert>}
    </Card>
  );
}
