import { uploadingText } from './mediaTexts';

/** How much of an own file has gone up: a bar and 'Enviando… 42%'. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="mt-1 w-48 max-w-full">
      <div
        role="progressbar"
        aria-label="Envio do arquivo"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-white/30"
      >
        <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-0.5 text-[11px] text-blue-100">{uploadingText(percent)}</p>
    </div>
  );
}
