import type { ReactNode } from 'react';
import { Icon } from './icon';
import './badge.css';

type BadgeProps = { tone: 'success' | 'warning' | 'neutral'; children: ReactNode; testId?: string };

export function Badge({ tone, children, testId }: BadgeProps) {
  return (
    <span className={`badge badge--${tone}`} data-testid={testId}>
      {tone === 'success' && <Icon name="check" size={14} />}
      {tone === 'warning' && <Icon name="alert" size={14} />}
      {children}
    </span>
  );
}
