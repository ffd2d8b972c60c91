import { useEffect } from 'react';
import { Camera, Lock, MessageCircle, Plus, RefreshCw } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { can } from '../../api/permissions';
import type { Me } from '../../api/types';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/selectors';
import { AddIntegrationDialog } from './AddIntegrationDialog';
import { INTEGRATIONS, TEXTS, integrationInfo } from './catalog';
import { ConfigureDialog } from './ConfigureDialog';
import { DisconnectDialog } from './DisconnectDialog';
import { InstagramDialog } from './InstagramDialog';
import { CardFrame, IntegrationCardView } from './IntegrationCardView';
import { cardStatus, integrationsActions as actions, selectIntegrations } from './integrationsSlice';
import { StatusLabel, Tag } from './StatusLabel';
import { WhatsAppConnectDialog } from './WhatsAppConnectDialog';

/** Only roles with integrations:manage (Admin, Owner) may use this screen; the API refuses the others. */
export const canManageIntegrations = (role: Me['role'] | null | undefined): boolean =>
  can(role, 'integrations:manage');

function Forbidden() {
  return (
    <div>
      <PageHeader title={TEXTS.title} />
      <div role="alert" className="card flex items-center gap-3 p-6 text-slate-700 dark:text-slate-200">
        <Lock aria-hidden className="h-5 w-5 shrink-0 text-slate-400" />
        {TEXTS.forbidden}
      </div>
    </div>
  );
}

function Integrations() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectIntegrations);
  const { cards, dialog, dialogError, whatsapp } = state;

  useEffect(() => {
    dispatch(actions.integrationsRequested());
    dispatch(actions.whatsappRestoreRequested());
    return () => {
      dispatch(actions.dialogClosed());
    };
  }, [dispatch]);

  const close = () => dispatch(actions.dialogClosed());
  const cardOf = (type: (typeof INTEGRATIONS)[number]['type']) => cards.find((c) => c.type === type);
  const instagram = cardOf('instagram');
  const connectedPhone = whatsapp.sessions.find((s) => s.sessionId === whatsapp.sessionId)?.phoneNumber;
  const forbidden = state.loadError === TEXTS.forbidden;

  return (
    <div>
      <PageHeader
        title={TEXTS.title}
        subtitle={TEXTS.subtitle}
        actions={
          <button
            type="button"
            className="btn-primary"
            onClick={() => dispatch(actions.dialogOpened({ kind: 'add' }))}
          >
            <Plus aria-hidden className="h-4 w-4" />
            {TEXTS.addIntegration}
          </button>
        }
      />

      <p
        role="status"
        className={
          state.notice
            ? 'mb-4 rounded-lg bg-green-50 px-4 py-3 text-sm text-green-700 dark:bg-green-950/50 dark:text-green-300'
            : 'sr-only'
        }
      >
        {state.notice ?? ''}
      </p>

      <section aria-label="Canais em destaque" className="mb-8 grid gap-4 md:grid-cols-2">
        <CardFrame
          title="WhatsApp"
          icon={MessageCircle}
          highlighted
          badge={<StatusLabel status={whatsapp.connected ? 'connected' : 'disconnected'} />}
          actions={
            <button
              type="button"
              className="btn-primary px-4 py-2 text-sm"
              onClick={() => dispatch(actions.dialogOpened({ kind: 'whatsapp' }))}
            >
              {whatsapp.connected ? TEXTS.manageConnection : TEXTS.connect}
            </button>
          }
        >
          <p>Conecte o número da empresa por QR Code e receba as conversas na caixa de entrada.</p>
          {whatsapp.connected && connectedPhone ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">Número conectado: +{connectedPhone}</p>
          ) : null}
        </CardFrame>
        <CardFrame
          title="Instagram"
          icon={Camera}
          highlighted
          badge={
            instagram?.status === 'connected' ? (
              <StatusLabel status="connected" />
            ) : (
              <Tag>{TEXTS.available}</Tag>
            )
          }
          actions={
            <>
              <button
                type="button"
                className="btn-primary px-4 py-2 text-sm"
                onClick={() => dispatch(actions.dialogOpened({ kind: 'instagram' }))}
              >
                {TEXTS.connect}
              </button>
              {instagram?.status === 'connected' ? (
                <button
                  type="button"
                  className="btn-secondary px-4 py-2 text-sm"
                  aria-label={`${TEXTS.disconnect} Instagram`}
                  disabled={state.busy.instagram === 'disconnecting'}
                  onClick={() => dispatch(actions.dialogOpened({ kind: 'disconnect', type: 'instagram' }))}
                >
                  {state.busy.instagram === 'disconnecting' ? TEXTS.disconnecting : TEXTS.disconnect}
                </button>
              ) : null}
            </>
          }
        >
          <p>Responda às mensagens diretas do perfil comercial do Instagram.</p>
        </CardFrame>
      </section>

      <section aria-labelledby="integrations-channels">
        <h2 id="integrations-channels" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
          {TEXTS.channels}
        </h2>
        {state.loadStatus === 'failed' ? (
          <div
            role="alert"
            className="card flex flex-wrap items-center justify-between gap-3 p-5 text-red-700 dark:text-red-300"
          >
            <span>{state.loadError}</span>
            {forbidden ? null : (
              <button
                type="button"
                className="btn-secondary px-4 py-2 text-sm"
                onClick={() => dispatch(actions.integrationsRequested())}
              >
                <RefreshCw aria-hidden className="h-4 w-4" />
                {TEXTS.retry}
              </button>
            )}
          </div>
        ) : state.loadStatus !== 'ready' ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{TEXTS.loading}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {INTEGRATIONS.map((info) => (
              <IntegrationCardView
                key={info.type}
                info={info}
                card={cardOf(info.type)}
                status={cardStatus(state, info.type)}
                disconnecting={state.busy[info.type] === 'disconnecting'}
                onConnect={() => dispatch(actions.dialogOpened({ kind: 'configure', type: info.type }))}
                onDisconnect={() => dispatch(actions.dialogOpened({ kind: 'disconnect', type: info.type }))}
              />
            ))}
          </div>
        )}
      </section>

      {dialog?.kind === 'add' ? (
        <AddIntegrationDialog
          onClose={close}
          onChoose={(type) => dispatch(actions.dialogOpened({ kind: 'configure', type }))}
        />
      ) : null}
      {dialog?.kind === 'configure' ? (
        <ConfigureDialog
          key={dialog.type}
          type={dialog.type}
          card={cardOf(dialog.type)}
          saving={state.busy[dialog.type] === 'saving'}
          error={dialogError}
          onClose={close}
          onSave={(config) => dispatch(actions.saveRequested({ type: dialog.type, config }))}
        />
      ) : null}
      {dialog?.kind === 'disconnect' ? (
        <DisconnectDialog
          name={cardOf(dialog.type)?.name ?? integrationInfo(dialog.type).name}
          busy={state.busy[dialog.type] === 'disconnecting'}
          error={dialogError}
          onClose={close}
          onConfirm={() => dispatch(actions.disconnectRequested({ type: dialog.type }))}
        />
      ) : null}
      {dialog?.kind === 'instagram' ? (
        <InstagramDialog
          card={instagram}
          saving={state.busy.instagram === 'saving'}
          error={dialogError}
          onClose={close}
          onSave={(config) => dispatch(actions.saveRequested({ type: 'instagram', config }))}
        />
      ) : null}
      {dialog?.kind === 'whatsapp' ? (
        <WhatsAppConnectDialog
          whatsapp={whatsapp}
          onClose={close}
          onGenerate={(request) => dispatch(actions.whatsappConnectRequested(request))}
        />
      ) : null}
    </div>
  );
}

/** Integrações (/dashboard/integrations, spec §2): for Admins and Owners only. */
export default function IntegrationsScreen() {
  const user = useAppSelector(selectUser);
  return canManageIntegrations(user?.role) ? <Integrations /> : <Forbidden />;
}
