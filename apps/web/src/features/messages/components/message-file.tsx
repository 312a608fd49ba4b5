import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@evcharge/api/messages/messages';
import { Dialog } from '@/components/ui/dialog';
import { PathIcon } from '@/components/ui/path-icon';
import { userQueryKey } from '@/lib/query-client';
import { saveFile } from '@/lib/private-file';
import { fetchMessageFile } from '../api/messages-api';
import { fileSizeText } from '../model/message-files';
import { filePath } from './chat-icons';

type MessageFile = Message['files'][number];

const fileQuery = (file: MessageFile) => ({
  queryKey: [...userQueryKey, 'messages', 'file', file.id],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMessageFile(file.url, signal),
  staleTime: Infinity,
});

/**
 * Shows the blob in the <img> by an object URL made for as long as the image shows it (the
 * file's url needs the driver's token, which an <img> could not send).
 */
function useBlobImage(blob: Blob | undefined, isShown = true) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (!blob || !image || !isShown || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(blob);
    image.src = url;
    return () => {
      image.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob, isShown]);
  return ref;
}

/** A picture in a message: a thumbnail that opens full size. */
function ImageFile({ file }: { file: MessageFile }) {
  const { t } = useTranslation('messages');
  const [isOpen, setOpen] = useState(false);
  const blob = useQuery(fileQuery(file));
  const thumb = useBlobImage(blob.data);
  const full = useBlobImage(blob.data, isOpen);
  const size = { width: file.width ?? undefined, height: file.height ?? undefined };
  return (
    <>
      <button
        type="button"
        className="chat-file chat-file--image"
        onClick={() => setOpen(true)}
        aria-label={t('messages:file.open', { name: file.name })}
        data-testid="chat-file"
        data-type={file.contentType}
      >
        <img ref={thumb} alt="" {...size} decoding="async" hidden={!blob.data} />
        {blob.isError && <span className="chat-file__placeholder">{t('messages:file.loadFailed')}</span>}
      </button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} title={file.name} closeLabel={t('common:close')} testId="chat-file-dialog">
        <img ref={full} className="chat-file-full" alt={file.name} {...size} />
      </Dialog>
    </>
  );
}

/** A PDF in a message: a chip with its name and size that downloads it. */
function DocumentFile({ file }: { file: MessageFile }) {
  const { t, i18n } = useTranslation('messages');
  const client = useQueryClient();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const size = fileSizeText(file.sizeBytes, i18n.language);

  async function download() {
    setState('loading');
    try {
      saveFile(await client.fetchQuery(fileQuery(file)), file.name);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <button
      type="button"
      className="chat-file chat-file--document"
      onClick={() => void download()}
      aria-label={t('messages:file.download', { name: file.name, size })}
      aria-busy={state === 'loading' || undefined}
      data-testid="chat-file"
      data-type={file.contentType}
    >
      <PathIcon d={filePath} size={22} />
      <span className="chat-file__text">
        <span className="chat-file__name">{file.name}</span>
        <span className="chat-file__size">{state === 'failed' ? t('messages:file.loadFailed') : size}</span>
      </span>
    </button>
  );
}

export function MessageFiles({ files }: { files: Message['files'] }) {
  if (files.length === 0) return null;
  return (
    <ul className="chat-files">
      {files.map((file) => (
        <li key={file.id}>{file.contentType === 'application/pdf' ? <DocumentFile file={file} /> : <ImageFile file={file} />}</li>
      ))}
    </ul>
  );
}
