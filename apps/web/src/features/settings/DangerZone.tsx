import { Trash2, UserX } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmWordDialog } from './ConfirmWordDialog';
import { selectSettings, settingsActions } from './settingsSlice';
import { SETTINGS_TEXTS } from './texts';

const t = SETTINGS_TEXTS.danger;
const dangerButton =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2 font-semibold text-red-700 transition hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-red-500/50 dark:bg-transparent dark:text-red-300 dark:hover:bg-red-500/10';

/** Segurança's danger zone: the Owner's delete-everything, and anyone's own deactivation. */
export function DangerZone({ canDelete }: { canDelete: boolean }) {
  const dispatch = useAppDispatch();
  const { danger } = useAppSelector(selectSettings);
  const close = () => dispatch(settingsActions.dangerClosed());
  return (
    <section
      aria-labelledby="settings-danger-heading"
      className="mt-8 rounded-xl border border-red-200 bg-red-50/40 p-5 dark:border-red-500/30 dark:bg-red-500/5"
    >
      <h3 id="settings-danger-heading" className="text-base font-semibold text-red-700 dark:text-red-300">
        {t.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t.intro}</p>
      <div className="mt-4 space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium text-slate-800 dark:text-slate-100">{t.deleteData}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {canDelete ? t.deleteDataHint : t.deleteOwnerOnly}
            </p>
          </div>
          <button
            type="button"
            className={dangerButton}
            disabled={!canDelete}
            onClick={() => dispatch(settingsActions.dangerOpened('delete'))}
          >
            <Trash2 aria-hidden className="h-4 w-4" />
            {t.deleteData}
          </button>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium text-slate-800 dark:text-slate-100">{t.deactivate}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t.deactivateHint}</p>
          </div>
          <button
            type="button"
            className={dangerButton}
            onClick={() => dispatch(settingsActions.dangerOpened('deactivate'))}
          >
            <UserX aria-hidden className="h-4 w-4" />
            {t.deactivate}
          </button>
        </div>
      </div>
      <ConfirmWordDialog
        key={danger.open ?? 'closed'}
        open={danger.open === 'delete'}
        title={t.deleteData}
        description={t.deleteDataHint}
        word={t.deleteWord}
        confirmLabel={t.deleteConfirm}
        pendingLabel={t.deleting}
        pending={danger.pending}
        error={danger.error}
        onConfirm={(confirmation) =>
          dispatch(settingsActions.dangerConfirmed({ action: 'delete', confirmation }))
        }
        onClose={close}
      />
      <ConfirmWordDialog
        key={`${danger.open ?? 'closed'}-deactivate`}
        open={danger.open === 'deactivate'}
        title={t.deactivate}
        description={t.deactivateHint}
        word={t.deactivateWord}
        confirmLabel={t.deactivateConfirm}
        pendingLabel={t.deactivating}
        pending={danger.pending}
        error={danger.error}
        onConfirm={(confirmation) =>
          dispatch(settingsActions.dangerConfirmed({ action: 'deactivate', confirmation }))
        }
        onClose={close}
      />
    </section>
  );
}
