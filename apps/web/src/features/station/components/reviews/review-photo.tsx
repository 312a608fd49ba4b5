import type { Review } from '@evcharge/api/feedbacks/feedbacks';
import { usePrivateFileUrl } from '@/lib/private-file';

type Photo = Review['photos'][number];

/**
 * A review's photo. An approved review's photo is public and cached; a pending one is served
 * to its author only (GET /feedbacks/photo/{id} with the token), so it is fetched as a blob.
 */
export function ReviewPhoto({ photo, isPublic, alt, className }: { photo: Photo; isPublic: boolean; alt: string; className?: string }) {
  const privateUrl = usePrivateFileUrl(isPublic ? null : photo.url);
  const src = isPublic ? photo.url : privateUrl;
  if (src === null) {
    return <span className={`review-photo-placeholder ${className ?? ''}`} style={{ aspectRatio: `${photo.width} / ${photo.height}` }} aria-hidden="true" />;
  }
  return <img className={className} src={src} alt={alt} loading="lazy" decoding="async" width={photo.width} height={photo.height} />;
}
