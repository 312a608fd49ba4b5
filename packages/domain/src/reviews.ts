// SPEC §3 Review/feedback (text, anonymous flag, optional photos, approved or deleted), §5 and
// §9: images of at most 500 kB, JPEG or PNG.

export const reviewStatuses = ['pending', 'approved', 'deleted'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 3;
/** SPEC §9 image upload: at most 500 kB (decimal, as the SPEC's 500 kB reads). */
export const REVIEW_PHOTO_MAX_BYTES = 500 * 1024;
export const REVIEW_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const REVIEW_DELETE_REASON_MAX = 300;

/**
 * Staff roles (SPEC §6: support staff answer in chat; an administrator interface). Analysts read
 * the first-party analytics and nothing else (domain/analytics.ts).
 */
export const staffRoles = ['support', 'moderator', 'analyst', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Who may moderate reviews: moderators and administrators. */
export function canModerate(role: StaffRole | null): boolean {
  return role === 'moderator' || role === 'admin';
}

/**
 * Who lists the sessions whose meter claimed more than its connector delivers (SPEC §6 the
 * administrator interface): administrators, and support, who answer the drivers about them.
 */
export function canCheckMeters(role: StaffRole | null): boolean {
  return role === 'support' || role === 'admin';
}
