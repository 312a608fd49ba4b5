import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Message } from '@evcharge/api/messages/messages';
import { Dialog } from '@/components/ui/dialog';
import { PathIcon } from '@/components/ui/path-icon';
import { userQueryKey } from '@/lib/query-client';
import { fetchMessageFile } from '../api/messages-api';
import { fileSizeText } from '../model/message-files';
import { filePath } from './chat-icons';

type MessageFile = Message['files'][number];

/** The file's bytes, fetched with the driver's token (an <img> could not send it); kept while shown. */
function useFileBlob(file: MessageFile, enabled: boolean) {
  return useQuery({
    queryKey: [...userQueryKey, 'messages', 'file', file.id],
    queryFn: ({ signal }) => fetchMessageFile(file.url, signal),
    staleTime: Infinity,
    enabled,
  });
}

/** An object URL of the blob while the component shows it. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** A picture in a message: a thumbnail that opens full size. */
function ImageFile({ file }: { file: MessageFile }) {
  const { t } = useTranslation('messages');
  const [isOpen, setOpen] = useState(false);
  const blob = useFileBlob(file, true);
  const url = useObjectUrl(blob.data);
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
        {url ? (
          <img src={url} alt="" width={file.width ?? undefined} height={file.height ?? undefined} decoding="async" />
        ) : (
          <span className="chat-file__placeholder">{blob.isError ? t('messages:file.loadFailed') : null}</span>
        )}
      </button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} title={file.name} closeLabel={t('common:close')} testId="chat-file-dialog">
        {url && <img className="chat-file-full" src={url} alt={file.name} width={file.width ?? undefined} height={file.height ?? undefined} />}
      </Dialog>
    </>
  );
}

/** Hands the file to the browser as a download under its own name. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A PDF in a message: a chip with its name and size that downloads it. */
function DocumentFile({ file }: { file: MessageFile }) {
  const { t, i18n } = useTranslation('messages');
  const [isAsked, setAsked] = useState(false);
  const blob = useFileBlob(file, isAsked);
  const size = fileSizeText(file.sizeBytes, i18n.language);
  useEffect(() => {
    if (isAsked && blob.data) {
      saveFile(blob.data, file.name);
      setAsked(false);
    }
  }, [isAsked, blob.data, file.name]);
  return (
    <button
      type="button"
      className="chat-file chat-file--document"
      onClick={() => (blob.data ? saveFile(blob.data, file.name) : setAsked(true))}
      aria-label={t('messages:file.download', { name: file.name, size })}
      aria-busy={(isAsked && blob.isFetching) || undefined}
      data-testid="chat-file"
      data-type={file.contentType}
    >
      <PathIcon d={filePath} size={22} />
      <span className="chat-file__text">
        <span className="chat-file__name">{file.name}</span>
        <span className="chat-file__size">{blob.isError ? t('messages:file.loadFailed') : size}</span>
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
