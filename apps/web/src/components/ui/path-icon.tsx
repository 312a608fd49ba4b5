// An icon drawn like ours (icon.tsx) from a path of its own, for parts loaded later: icons the
// first screen does not need stay out of icon-paths.ts (part of the first load), and a lazy
// chunk that imported icon-paths or icon.tsx would reorder the first load's shared chunk, which
// then compresses worse (the header's signed-in tools).

/** ICON_STROKE_WIDTH of icon-paths.ts (path-icon.test.ts keeps them equal). */
export const PATH_ICON_STROKE_WIDTH = 1.8;

export const extraIconPaths = {
  bell: 'M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15L6 16.5ZM10 21h4',
  /** The same as iconPaths.wallet. */
  wallet:
    'M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3M4 7.5v10A2.5 2.5 0 0 0 6.5 20H20V8H6.5A2.5 2.5 0 0 1 4 5.5m12.5 8.5h.5',
} as const;

export function PathIcon({
  d,
  size = 24,
  className,
}: {
  d: string;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={PATH_ICON_STROKE_WIDTH}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
