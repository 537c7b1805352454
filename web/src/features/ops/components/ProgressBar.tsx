/** A labelled bar from 0 to 100 that assistive technology reads as a progress bar. */
export function ProgressBar({ value, label, text }: { value: number; label: string; text: string }) {
  return (
    <div className="progress">
      <div className="progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <div className="progress__fill" style={{ width: `${value}%` }} />
      </div>
      <span className="progress__text">{text}</span>
    </div>
  );
}
