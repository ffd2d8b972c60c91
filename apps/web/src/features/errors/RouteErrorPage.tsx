import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error page (spec §2): its title and the status text or message. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6 dark:bg-slate-950">
      <div className="max-w-lg text-center">
        <h1 className="mb-3 text-2xl font-bold text-slate-900 dark:text-white">
          Unexpected Application Error!
        </h1>
        <p className="text-slate-600 italic dark:text-slate-300">{detail}</p>
        <a className="mt-6 inline-block text-blue-600 underline dark:text-blue-400" href="/">
          Voltar ao início
        </a>
      </div>
    </main>
  );
}
