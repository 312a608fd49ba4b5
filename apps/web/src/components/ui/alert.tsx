import type { ReactNode } from 'react';
import { Icon } from './icon';
import './alert.css';

type Tone = 'error' | 'success' | 'info' | 'warning';

type AlertProps = { tone?: Tone; title?: string; children?: ReactNode; testId?: string };

/** Errors interrupt (role=alert); good news and hints wait their turn (role=status). */
export function Alert({ tone = 'info', title, children, testId }: AlertProps) {
  const icon = tone === 'success' ? 'checkCircle' : tone === 'info' ? 'bolt' : 'alert';
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <Icon name={icon} size={20} />
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        {children}
      </div>
    </div>
  );
}
