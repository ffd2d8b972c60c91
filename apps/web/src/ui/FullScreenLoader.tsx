import { Loader2 } from 'lucide-react';
import { startupFrame } from './startup-frame';

export function FullScreenLoader({ label = 'Carregando...' }: { label?: string }) {
  const frame = startupFrame();
  // Our own build's HTML (no data in it), shown again as it was painted before the script ran.
  if (frame) {
    return (
      <div className="contents">
        <span role="status" className="sr-only">
          {label}
        </span>
        <div className="contents" inert dangerouslySetInnerHTML={{ __html: frame }} />
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex min-h-screen items-center justify-center bg-slate-50 dark:bg-slate-950"
    >
      <Loader2 aria-hidden className="h-8 w-8 animate-spin text-blue-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
