import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX } from '@evcharge/domain/reviews';
import { rule } from '@evcharge/domain/validation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { Icon } from '@/components/ui/icon';
import { PathIcon } from '@/components/ui/path-icon';
import { SegmentedChoice } from '@/components/ui/segmented-choice';
import { ApiError, errorText } from '@/lib/api-error';
import { formatNumber } from '@/lib/format';
import { useCreateReviewMutation } from '../../api/reviews';
import { photoProblem, readAsBase64 } from '../../model/review-photos';
import { addPhotoPath } from './review-icons';

type Worked = 'yes' | 'no' | 'unknown';
type Photo = { file: File; preview: string };

const workedValue: Record<Worked, boolean | null> = { yes: true, no: false, unknown: null };

function previewOf(file: File): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

function release(photo: Photo): void {
  if (photo.preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(photo.preview);
}

/**
 * Write a review (SPEC §3: text, anonymous flag, optional photos). Photos are checked here
 * (type and 500 kB, SPEC §9) as they are chosen and read as base64 only when sent.
 */
export function ReviewForm({ stationId, headingLevel = 3 }: { stationId: string; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('reviews');
  const id = useId();
  const mutation = useCreateReviewMutation(stationId);
  const [text, setText] = useState('');
  const [worked, setWorked] = useState<Worked>('unknown');
  const [isAnonymous, setAnonymous] = useState(false);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [textRule, setTextRule] = useState<string | null>(null);
  const [photoNotes, setPhotoNotes] = useState<string[]>([]);
  const [isSent, setSent] = useState(false);
  const [isReading, setReading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  // Leaving the page lets go of the previews' object URLs.
  useEffect(() => () => photosRef.current.forEach(release), []);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const language = i18n.language;
  const count = (value: number) => formatNumber(value, language);
  const error = mutation.error;
  const errorCode = error instanceof ApiError ? error.code : null;
  const isPhotoError = errorCode === 'IMAGE_TOO_LARGE' || errorCode === 'IMAGE_TYPE';
  const textServerRule = error instanceof ApiError ? error.fields.find((field) => field.path === 'text')?.rule : undefined;
  const shownTextRule = textRule ?? textServerRule ?? null;
  const textError = shownTextRule ? t(`validation:${shownTextRule}`, { defaultValue: t('validation:invalid') }) : undefined;
  const isErrorOnFields = isPhotoError || (error instanceof ApiError && error.fields.length > 0 && error.fields.every((f) => f.path === 'text'));

  function photoNote(number: number, name: string, problem: string): string {
    return t('reviews:write.photoProblem', { number, name, problem });
  }

  function choosePhotos(files: FileList | null) {
    if (!files) return;
    const notes: string[] = [];
    const added: Photo[] = [];
    [...files].forEach((file, index) => {
      const problem = photoProblem(file);
      if (problem) notes.push(photoNote(index + 1, file.name, t(`errors:${problem}`)));
      else if (photos.length + added.length >= REVIEW_PHOTOS_MAX) notes.push(t('reviews:write.tooMany', { max: REVIEW_PHOTOS_MAX }));
      else added.push({ file, preview: previewOf(file) });
    });
    mutation.reset();
    setPhotoNotes([...new Set(notes)]);
    setPhotos([...photos, ...added]);
    if (fileInput.current) fileInput.current.value = '';
  }

  function removePhoto(index: number) {
    const photo = photos[index];
    if (photo) release(photo);
    setPhotos(photos.filter((_, i) => i !== index));
    setPhotoNotes([]);
    mutation.reset();
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setSent(false);
    const trimmed = text.trim();
    const problem = trimmed === '' ? rule.required : trimmed.length > REVIEW_TEXT_MAX ? rule.tooLong : null;
    setTextRule(problem);
    if (problem) return;
    setReading(true);
    let encoded: string[];
    try {
      encoded = await Promise.all(photos.map((photo) => readAsBase64(photo.file)));
    } finally {
      setReading(false);
    }
    mutation.mutate(
      { stationId, text: trimmed, isAnonymous, chargingWorked: workedValue[worked], photos: encoded },
      {
        onSuccess: () => {
          photos.forEach(release);
          setText('');
          setWorked('unknown');
          setAnonymous(false);
          setPhotos([]);
          setPhotoNotes([]);
          setSent(true);
        },
      },
    );
  }

  // The server names a refused photo by its place in the list it was sent.
  const serverPhotoNote = isPhotoError && error instanceof ApiError
    ? (() => {
        const index = Number(error.details.index);
        const photo = Number.isInteger(index) ? photos[index] : undefined;
        return photo ? photoNote(index + 1, photo.file.name, errorText(t, error)) : errorText(t, error);
      })()
    : null;
  const notes = serverPhotoNote ? [...photoNotes, serverPhotoNote] : photoNotes;
  const textId = `${id}-text`;
  const countId = `${id}-count`;
  const textErrorId = textError ? `${id}-text-error` : undefined;
  const photosHintId = `${id}-photos-hint`;
  const photosNoteId = notes.length > 0 ? `${id}-photos-note` : undefined;

  return (
    <form className="review-form" noValidate onSubmit={(event) => void send(event)} data-testid="review-write" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="review-form__title">{t('reviews:write.title')}</Heading>
      {isSent && <Alert tone="success" testId="review-sent"><p>{t('reviews:pendingNote')}</p></Alert>}
      {error && !isErrorOnFields && (
        <Alert tone="error" testId="review-error">
          <p data-code={errorCode ?? undefined}>{errorText(t, error)}</p>
        </Alert>
      )}
      <div className={textError ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={textId}>{t('reviews:write.text')}</label>
        <p className="field__hint" id={`${id}-text-hint`}>{t('reviews:write.textHint', { max: count(REVIEW_TEXT_MAX) })}</p>
        <textarea
          id={textId}
          className="field__input review-form__text"
          rows={4}
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          onChange={(event) => {
            setText(event.target.value);
            setSent(false);
          }}
          aria-invalid={textError ? true : undefined}
          aria-describedby={[textErrorId, `${id}-text-hint`, countId].filter(Boolean).join(' ')}
          data-testid="review-text"
        />
        {textError && <FieldError id={textErrorId} testId="review-text-error">{textError}</FieldError>}
        <p className="field__hint review-form__count" id={countId} aria-live="polite" data-testid="review-text-count">
          {t('reviews:write.count', { count: count(text.length), max: count(REVIEW_TEXT_MAX) })}
        </p>
      </div>
      <SegmentedChoice
        legend={t('reviews:write.worked')}
        name={`${id}-worked`}
        value={worked}
        onChange={setWorked}
        firstRow={2}
        options={[
          { value: 'yes', label: t('reviews:write.yes'), testId: 'review-worked-yes' },
          { value: 'no', label: t('reviews:write.no'), testId: 'review-worked-no' },
          { value: 'unknown', label: t('reviews:write.notSaid'), testId: 'review-worked-unknown' },
        ]}
      />
      <div className="stack-s">
        <Checkbox label={t('reviews:write.anonymous')} checked={isAnonymous} onChange={(event) => setAnonymous(event.target.checked)} data-testid="review-anonymous" />
        <p className="muted small">{t('reviews:write.anonymousHint')}</p>
      </div>
      <div className={notes.length > 0 ? 'field field--invalid review-form__photos' : 'field review-form__photos'}>
        <label className="field__label" htmlFor={`${id}-photos`}>{t('reviews:write.photos')}</label>
        <p className="field__hint" id={photosHintId}>{t('reviews:write.photosHint', { max: REVIEW_PHOTOS_MAX })}</p>
        {/* The browser's own picker button speaks the browser's language: ours speaks the page's. */}
        <label className={photos.length >= REVIEW_PHOTOS_MAX ? 'button button--secondary review-form__pick review-form__pick--off' : 'button button--secondary review-form__pick'}>
          <PathIcon d={addPhotoPath} size={20} />
          <span>{t('reviews:write.add')}</span>
          <input
            ref={fileInput}
            id={`${id}-photos`}
            className="review-form__file"
            type="file"
            accept="image/jpeg,image/png"
            multiple
            disabled={photos.length >= REVIEW_PHOTOS_MAX}
            onChange={(event) => choosePhotos(event.target.files)}
            aria-describedby={[photosNoteId, photosHintId].filter(Boolean).join(' ')}
            data-testid="review-photos"
          />
        </label>
        {notes.length > 0 && (
          <div className="review-form__notes" id={photosNoteId} role="alert" data-testid="review-photos-error">
            {notes.map((note) => (
              <p key={note} className="field__error"><Icon name="alert" size={16} /><span>{note}</span></p>
            ))}
          </div>
        )}
        {photos.length > 0 && (
          <ul className="review-form__previews">
            {photos.map((photo, index) => (
              <li key={photo.preview || `${photo.file.name}-${index}`} className="review-form__preview" data-testid="review-photo-preview">
                {photo.preview ? <img src={photo.preview} alt={t('reviews:photo', { number: index + 1 })} /> : <span>{photo.file.name}</span>}
                <button type="button" className="review-form__remove" onClick={() => removePhoto(index)}
                  aria-label={t('reviews:write.remove', { number: index + 1 })} data-testid="review-photo-remove">
                  <Icon name="close" size={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="review-form__actions">
        <Button type="submit" icon="send" isLoading={mutation.isPending || isReading} data-testid="review-send">{t('reviews:write.send')}</Button>
      </div>
    </form>
  );
}
