/** Loading, error and empty states of an e-mail list. */
export function EmailListStatus({
  loading,
  error,
  empty,
  emptyText = 'Nenhum email',
}: {
  loading: boolean;
  error: string | null;
  empty: boolean;
  emptyText?: string;
}) {
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {error}
      </p>
    );
  }
  if (loading) return <p className="text-sm text-slate-500 dark:text-slate-400">Carregando...</p>;
  if (empty)
    return <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>;
  return null;
}
