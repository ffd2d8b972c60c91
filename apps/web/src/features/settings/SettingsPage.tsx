import { Download, Lock, Save, Upload } from 'lucide-react';
import { lazy, Suspense, type ChangeEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { withApi } from '../../server-state/with-api';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/selectors';
import { TwoFactorSection } from '../two-factor/TwoFactorSection';
import { DangerZone } from './DangerZone';
import { readFileText } from './download';
import { canDeleteWorkspaceData, canManageSettings } from './settings-model';
import { ChangePasswordSection } from './ChangePasswordSection';
import { AppearancePanel, CompanyPanel, NotificationsPanel, SecurityFields } from './SettingsPanels';
import { SettingsTabs } from './SettingsTabs';
import { selectSettings, settingsActions, settingsTabsFor, type FieldChange } from './settingsSlice';
import { SETTINGS_TEXTS } from './texts';
import { useSettingsCommands } from './useSettingsCommands';

const t = SETTINGS_TEXTS;

/** Respostas prontas: its own chunk, loaded when the tab is opened. */
const CannedRepliesPanel = lazy(() => import('./canned-replies/CannedRepliesPanel'));

/**
 * Configurações (spec §2): Exportar, Importar and Salvar, and the tabs Empresa, Aparência,
 * Notificações and Segurança (with the danger zone). Everything is the workspace's, on the server;
 * only Owners and Admins change it (Importar, Salvar); the others read it and may only export it.
 * Segurança also has Alterar senha, the signed-in person's own password, and Verificação em duas
 * etapas, their own two-factor sign-in, which every role may use. Owners and Admins also have the
 * tab Respostas prontas (the canned replies the chat suggests); the others do not see it.
 */
function SettingsPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const s = useAppSelector(selectSettings);
  const canEdit = canManageSettings(user?.role);
  const ready = s.status === 'ready';
  const tabs = settingsTabsFor(canEdit);
  // A tab this member may not see (the role changed) shows the first one.
  const tab = tabs.includes(s.tab) ? s.tab : tabs[0]!;

  const commands = useSettingsCommands();

  const onChange = (change: FieldChange) => dispatch(settingsActions.fieldChanged(change));
  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again imports it again
    if (!file) return;
    try {
      void commands.importFile(await readFileText(file));
    } catch {
      dispatch(settingsActions.importFailed(t.importError));
    }
  };

  const notice = s.savedNotice ? t.saved : s.importNotice ? t.imported : '';
  const actionError = s.saveError ?? s.importError ?? s.exportError;
  const panelProps = { form: s.form, disabled: !canEdit || !ready || s.saving, onChange };

  return (
    <div>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <span
              role="status"
              aria-live="polite"
              className="min-w-14 font-semibold text-green-600 dark:text-green-400"
            >
              {notice}
            </span>
            <button
              type="button"
              className="btn-secondary"
              disabled={!ready || s.exporting}
              onClick={() => dispatch(settingsActions.exportRequested())}
            >
              <Download aria-hidden className="h-4 w-4" />
              {t.export}
            </button>
            {/* Importar and Salvar need settings:manage; the others are not shown what the server refuses. */}
            {canEdit ? (
              <>
                <label
                  className={`btn-secondary focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-500 ${
                    !ready || s.importing ? 'pointer-events-none opacity-50' : 'cursor-pointer'
                  }`}
                >
                  <Upload aria-hidden className="h-4 w-4" />
                  {t.import}
                  <input
                    type="file"
                    accept=".json,application/json"
                    className="sr-only"
                    disabled={!ready || s.importing}
                    onChange={(event) => void onImport(event)}
                  />
                </label>
                <button
                  type="button"
                  className="btn-primary"
                  disabled={!ready || s.saving}
                  onClick={() => void commands.save()}
                >
                  <Save aria-hidden className="h-4 w-4" />
                  {s.saving ? t.saving : t.save}
                </button>
              </>
            ) : null}
          </div>
        }
      />

      {actionError ? (
        <p
          role="alert"
          className="mb-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
        >
          {actionError}
        </p>
      ) : null}
      {!canEdit ? (
        <div className="card mb-4 flex items-center gap-4 p-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300">
            <Lock aria-hidden className="h-5 w-5" />
          </span>
          <p className="font-medium text-slate-800 dark:text-slate-100">{t.readOnly}</p>
        </div>
      ) : null}

      {s.status === 'loading' || s.status === 'idle' ? (
        <p className="card p-6 text-slate-500 dark:text-slate-400">{t.loading}</p>
      ) : s.status === 'failed' ? (
        <div className="card flex flex-wrap items-center justify-between gap-4 p-6">
          <p role="alert" className="text-red-600 dark:text-red-400">
            {s.loadError ?? t.loadError}
          </p>
          <button type="button" className="btn-secondary" onClick={commands.reload}>
            {t.retry}
          </button>
        </div>
      ) : (
        <SettingsTabs
          tabs={tabs}
          selected={tab}
          onSelect={(next) => dispatch(settingsActions.tabSelected(next))}
        >
          {tab === 'company' ? <CompanyPanel {...panelProps} /> : null}
          {tab === 'appearance' ? <AppearancePanel {...panelProps} /> : null}
          {tab === 'notifications' ? <NotificationsPanel {...panelProps} /> : null}
          {tab === 'security' ? (
            <>
              <SecurityFields {...panelProps} errors={s.fieldErrors} />
              <ChangePasswordSection />
              <TwoFactorSection />
              <DangerZone canDelete={canDeleteWorkspaceData(user?.role)} />
            </>
          ) : null}
          {tab === 'cannedReplies' ? (
            <Suspense fallback={<p className="text-slate-500 dark:text-slate-400">{t.loadingTab}</p>}>
              <CannedRepliesPanel />
            </Suspense>
          ) : null}
        </SettingsTabs>
      )}
    </div>
  );
}

export default withApi(SettingsPage);
