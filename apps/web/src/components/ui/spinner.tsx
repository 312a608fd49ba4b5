import './spinner.css';

/** A busy indicator with a text for screen readers (the label is translated by the caller). */
export function Spinner({ label, fullPage }: { label: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'spinner spinner--page' : 'spinner'} role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
