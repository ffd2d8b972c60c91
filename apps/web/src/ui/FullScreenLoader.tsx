import { Loader2 } from 'lucide-react';

export function FullScreenLoader({ label = 'Carregando...' }: { label?: string }) {
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
