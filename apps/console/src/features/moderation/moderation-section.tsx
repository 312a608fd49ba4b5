import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractResponse } from '@evcharge/api/contract';
import {
  approveFeedback,
  listPendingFeedbacks,
  rejectFeedback,
  type moderatedReviewSchema,
} from '@evcharge/api/feedbacks/feedbacks';
import { REVIEW_DELETE_REASON_MAX } from '@evcharge/domain/reviews';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { dateTimeText, errorText } from '../../lib/format';
import { useAuthedUrl } from '../../lib/files';
import { CheckIcon } from '../../app/icons';

type Review = z.infer<typeof moderatedReviewSchema>;
type Photo = Review['photos'][number];
type Page = ContractResponse<typeof listPendingFeedbacks>;

/** Moderation (SPEC §3 reviews are approved or deleted): the pending queue, oldest first. */
export function ModerationSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState<Page | null>(null);
  const [pages, setPages] = useState(1);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<{ id: string; verdict: 'approved' | 'deleted' } | null>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const [viewing, setViewing] = useState<Photo | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const load = async () => {
      const all: Page = { items: [], total: 0 };
      for (let n = 1; n <= pages; n += 1) {
        const answer = await apiRequest(listPendingFeedbacks, { query: { page: n }, signal: controller.signal });
        all.items.push(...answer.items.filter((item) => !all.items.some((seen) => seen.id === item.id)));
        all.total = answer.total;
        if (answer.items.length === 0) break;
      }
      return all;
    };
    load().then(
      (answer) => {
        setPage(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    return () => controller.abort();
  }, [pages]);

  const leave = (id: string, verdict: 'approved' | 'deleted') => {
    setPage((current) =>
      current ? { items: current.items.filter((item) => item.id !== id), total: Math.max(0, current.total - 1) } : current,
    );
    setDone({ id, verdict });
  };

  async function approve(review: Review) {
    setError(null);
    try {
      await apiRequest(approveFeedback, { params: { id: review.id } });
      leave(review.id, 'approved');
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <div className="moderation">
      <header className="section-head">
        <div>
          <h1>{t('moderation.title')}</h1>
          <p className="muted">{t('moderation.subtitle')}</p>
        </div>
        {page && <span className="pill" data-testid="console-pending-count">{t('moderation.pending', { n: page.total })}</span>}
      </header>
      {done && (
        <p className="toast" role="status" data-testid="console-moderation-done">
          {t(done.verdict === 'approved' ? 'moderation.approvedDone' : 'moderation.deletedDone')}
        </p>
      )}
      {error !== null && (
        <p className="alert" role="alert" data-testid="console-error">{errorText(t, error)}</p>
      )}
      {!page && error === null && <div className="skeleton-list" aria-busy="true" />}
      {page && page.items.length === 0 && (
        <div className="empty card" data-testid="console-moderation-empty">
          <span className="empty-icon"><CheckIcon size={40} /></span>
          <p>{t('moderation.empty')}</p>
        </div>
      )}
      <ul className="review-list">
        {page?.items.map((review) => (
          <ReviewCard
            key={review.id}
            review={review}
            onApprove={() => approve(review)}
            onDelete={() => setDeleting(review)}
            onPhoto={setViewing}
          />
        ))}
      </ul>
      {page && page.items.length < page.total && (
        <button type="button" className="button ghost" onClick={() => setPages((n) => n + 1)}>
          {t('common.more')}
        </button>
      )}
      {deleting && (
        <DeleteDialog
          review={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            leave(deleting.id, 'deleted');
            setDeleting(null);
          }}
        />
      )}
      {viewing && <PhotoViewer photo={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}

function ReviewCard({
  review,
  onApprove,
  onDelete,
  onPhoto,
}: {
  review: Review;
  onApprove: () => Promise<void>;
  onDelete: () => void;
  onPhoto: (photo: Photo) => void;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const worked =
    review.chargingWorked === null ? 'unknown' : review.chargingWorked ? 'yes' : 'no';
  return (
    <li className="card review" data-testid="console-review" data-review-id={review.id}>
      <div className="review-head">
        <div>
          <h2 className="review-station">{review.station.name}</h2>
          <span className="muted">{review.station.code}</span>
        </div>
        <time className="muted" dateTime={review.createdAt}>{dateTimeText(review.createdAt, i18n.language)}</time>
      </div>
      <div className="review-author">
        <strong>{review.author.name}</strong>
        <span className="muted">{review.author.email}</span>
        {review.isAnonymous && <span className="badge">{t('moderation.anonymous')}</span>}
      </div>
      <p className="review-text">{review.text}</p>
      <div className="review-marks">
        <span className={`badge ${worked === 'yes' ? 'ok' : worked === 'no' ? 'danger' : ''}`} data-testid="console-review-worked">
          {t(`moderation.worked.${worked}`)}
        </span>
        {review.chargedHere && (
          <span className="badge ok" data-testid="console-review-charged-here">{t('moderation.chargedHere')}</span>
        )}
      </div>
      {review.photos.length > 0 && (
        <div className="photos">
          {review.photos.map((photo) => (
            <PhotoThumb key={photo.id} photo={photo} onOpen={() => onPhoto(photo)} />
          ))}
        </div>
      )}
      <div className="review-actions">
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onApprove().finally(() => setBusy(false));
          }}
          data-testid="console-approve"
        >
          {t('moderation.approve')}
        </button>
        <button type="button" className="button danger" disabled={busy} onClick={onDelete} data-testid="console-delete">
          {t('moderation.delete')}
        </button>
      </div>
    </li>
  );
}

function PhotoThumb({ photo, onOpen }: { photo: Photo; onOpen: () => void }) {
  const { t } = useTranslation();
  const { src, failed } = useAuthedUrl(photo.url);
  return (
    <button type="button" className="thumb" onClick={onOpen} aria-label={t('moderation.openPhoto')} data-testid="console-review-photo">
      {src ? <img src={src} alt="" /> : <span className="thumb-placeholder">{failed ? '!' : '…'}</span>}
    </button>
  );
}

function Dialog({ label, onClose, children, wide }: { label: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="backdrop" onClick={onClose}>
      <div
        className={wide ? 'dialog wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        onClick={(event) => event.stopPropagation()}
      >
        {children}
      </div>
    </div>
  );
}

function PhotoViewer({ photo, onClose }: { photo: Photo; onClose: () => void }) {
  const { t } = useTranslation();
  const { src, failed } = useAuthedUrl(photo.url);
  return (
    <Dialog label={t('moderation.photo')} onClose={onClose} wide>
      <div className="viewer">
        {src ? (
          <img src={src} alt="" width={photo.width} height={photo.height} data-testid="console-photo-full" />
        ) : (
          <p className="muted">{failed ? t('errors.UNKNOWN') : t('common.loading')}</p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>{t('common.close')}</button>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ review, onClose, onDeleted }: { review: Review; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await apiRequest(rejectFeedback, { params: { id: review.id }, body: { reason: reason.trim() } });
      onDeleted();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <Dialog label={t('moderation.deleteTitle')} onClose={onClose}>
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <h2>{t('moderation.deleteTitle')}</h2>
        <p className="muted">{t('moderation.deleteHint', { station: review.station.name })}</p>
        {error !== null && (
          <p className="alert" role="alert" data-testid="console-error">{errorText(t, error)}</p>
        )}
        <label className="field">
          <span>{t('moderation.reason')}</span>
          <textarea
            ref={field}
            rows={3}
            required
            maxLength={REVIEW_DELETE_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            data-testid="console-delete-reason"
          />
        </label>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>{t('common.cancel')}</button>
          <button type="submit" className="button danger" disabled={busy || !reason.trim()} data-testid="console-delete-confirm">
            {t('moderation.deleteConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
