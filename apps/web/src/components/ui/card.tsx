import type { ReactNode } from 'react';
import './card.css';

type CardProps = {
  title?: string;
  /** Heading level of the title inside the page outline. */
  level?: 2 | 3;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
};

export function Card({ title, level = 2, actions, children, className, testId }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={className ? `card ${className}` : 'card'} data-testid={testId}>
      {(title || actions) && (
        <header className="card__header">
          {title && <Heading className="card__title">{title}</Heading>}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}
