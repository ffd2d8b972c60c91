import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';

interface Props {
  children: ReactNode;
  /** Reload action (tests replace window.location.reload). */
  onReload?: () => void;
}

interface State {
  error: Error | null;
}

/** The top-level screen for an unexpected rendering error (spec §2). */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Erro inesperado', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const reload = this.props.onReload ?? (() => window.location.reload());
    return (
      <main
        role="alert"
        className="flex min-h-screen items-center justify-center bg-slate-50 p-6 dark:bg-slate-950"
      >
        <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl dark:border-slate-800 dark:bg-slate-900">
          <AlertTriangle aria-hidden className="mx-auto mb-4 h-12 w-12 text-red-500" />
          <h1 className="mb-2 text-2xl font-bold text-slate-900 dark:text-white">Algo deu errado</h1>
          <p className="mb-6 text-slate-600 dark:text-slate-300">A aplicação encontrou um erro inesperado.</p>
          <button type="button" className="btn-primary" onClick={reload}>
            Recarregar Página
          </button>
          <details className="mt-6 text-left">
            <summary className="cursor-pointer text-sm text-slate-500 dark:text-slate-400">
              Detalhes do erro
            </summary>
            <pre className="mt-2 max-h-60 overflow-auto rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap text-red-700 dark:bg-slate-800 dark:text-red-300">
              {error.message}
              {error.stack ? `\n\n${error.stack}` : ''}
            </pre>
          </details>
        </div>
      </main>
    );
  }
}
