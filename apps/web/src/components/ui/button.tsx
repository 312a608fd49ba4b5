import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Icon, type IconName } from './icon';
import './button.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

type Common = { variant?: Variant; icon?: IconName; block?: boolean; children: ReactNode };

function classes(variant: Variant, block: boolean | undefined, extra?: string): string {
  return ['button', `button--${variant}`, block ? 'button--block' : '', extra ?? ''].filter(Boolean).join(' ');
}

type ButtonProps = Common &
  ButtonHTMLAttributes<HTMLButtonElement> & { isLoading?: boolean };

export function Button({ variant = 'primary', icon, block, isLoading, children, className, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={classes(variant, block, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
    >
      {isLoading ? <span className="button__spinner" aria-hidden="true" /> : icon && <Icon name={icon} size={20} />}
      <span>{children}</span>
    </button>
  );
}

type ButtonLinkProps = Common & LinkProps;

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant = 'secondary', icon, block, children, className, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} className={classes(variant, block, className)}>
      {icon && <Icon name={icon} size={20} />}
      <span>{children}</span>
    </Link>
  );
}
