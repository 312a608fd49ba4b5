// Our own 24×24 stroke icon set, inline SVG (no icon font, no requests). Decorative by default:
// the text beside an icon names the action for screen readers.
import { ICON_STROKE_WIDTH, iconPaths, type IconName } from './icon-paths';

export type { IconName };

type IconProps = { name: IconName; size?: number; className?: string };

export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={ICON_STROKE_WIDTH}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
