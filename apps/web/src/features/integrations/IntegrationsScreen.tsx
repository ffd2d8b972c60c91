import { useEffect, useMemo } from 'react';
import { Camera, Lock, MessageCircle, Plus, RefreshCw } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { can } from '../../api/permissions';
import type { Me } from '../../api/types';
import { failureOf } from '../../server-state/api';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/selectors';
import { AddIntegrationDialog } from './AddIntegrationDialog';
import { INTEGRATIONS, TEXTS, integrationInfo, type IntegrationType } from './catalog';
import { ConfigureDialog } from './ConfigureDialog';
import { DisconnectDialog } from './DisconnectDialog';
import { InstagramDialog } from './InstagramDialog';
import { CardFrame, IntegrationCardView } from './IntegrationCardView';
import type { IntegrationCard } from './integrations-api';
import { integrationsApi, useGetIntegrationsQuery } from './integrations-endpoints';
import { cardStatus, integrationsActions as actions, selectIntegrations } from './integrationsSlice';
import { StatusLabel, Tag } from './StatusLabel';
import { WhatsAppConnectDialog } from './WhatsAppConnectDialog';

/** Only roles with integrations:manage (Admin, Owner) may use this screen; the API refuses the others. */
export const canManageIntegrations = (role: Me['role'] | null | undefined): boolean =>
  can(role, 'integrations:manage');

const NO_CARDS: IntegrationCard[] = [];

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

/** The cards' calls: the cache keeps the cards; the screen shows each call running, then its outcome. */
function useCardCommands() {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const { saveIntegration, disconnectIntegration } = integrationsApi.endpoints;
    const errorOf = (error: unknown) => failureOf(error as never)?.message ?? '';
    return {
      save(type: IntegrationType, config: Record<string, string>) {
        dispatch(actions.saveRequested({ type, config }));
        dispatch(saveIntegration.initiate({ type, config }, { track: false }))
          .unwrap()
          .then(
            ({ message }) => dispatch(actions.saveSucceeded({ type, message })),
            (error: unknown) => dispatch(actions.saveFailed({ type, error: errorOf(error) })),
          );
      },
      disconnect(type: IntegrationType) {
        dispatch(actions.disconnectRequested({ type }));
        dispatch(disconnectIntegration.initiate(type, { track: false }))
          .unwrap()
          .then(
            ({ message }) => dispatch(actions.disconnectSucceeded({ type, message })),
            (error: unknown) => dispatch(actions.disconnectFailed({ type, error: errorOf(error) })),
          );
      },
    };
  }, [dispatch]);
}

function Integrations() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectIntegrations);
  const { dialog, dialogError, whatsapp } = state;
  const list = useGetIntegrationsQuery(undefined);
  const cards = list.data ?? NO_CARDS;
  const loadError = list.isError ? (failureOf(list.error)?.message ?? null) : null;
  const commands = useCardCommands();

  useEffect(() => {
    dispatch(actions.whatsappRestoreRequested());
    return () => {
      dispatch(actions.dialogClosed());
    };
  }, [dispatch]);

  const close = () => dispatch(actions.dialogClosed());
  const cardOf = (type: IntegrationType) => cards.find((c) => c.type === type);
  const instagram = cardOf('instagram');
  const connectedPhone = whatsapp.sessions.find((s) => s.sessionId === whatsapp.sessionId)?.phoneNumber;
  const forbidden = loadError === TEXTS.forbidden;

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
        {list.data === undefined && loadError !== null && !list.isFetching ? (
          <div
            role="alert"
            className="card flex flex-wrap items-center justify-between gap-3 p-5 text-red-700 dark:text-red-300"
          >
            <span>{loadError}</span>
            {forbidden ? null : (
              <button
                type="button"
                className="btn-secondary px-4 py-2 text-sm"
                onClick={() => void list.refetch()}
              >
                <RefreshCw aria-hidden className="h-4 w-4" />
                {TEXTS.retry}
              </button>
            )}
          </div>
        ) : list.data === undefined ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{TEXTS.loading}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {INTEGRATIONS.map((info) => (
              <IntegrationCardView
                key={info.type}
                info={info}
                card={cardOf(info.type)}
                status={cardStatus(state, cards, info.type)}
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
          onSave={(config) => commands.save(dialog.type, config)}
        />
      ) : null}
      {dialog?.kind === 'disconnect' ? (
        <DisconnectDialog
          name={cardOf(dialog.type)?.name ?? integrationInfo(dialog.type).name}
          busy={state.busy[dialog.type] === 'disconnecting'}
          error={dialogError}
          onClose={close}
          onConfirm={() => commands.disconnect(dialog.type)}
        />
      ) : null}
      {dialog?.kind === 'instagram' ? (
        <InstagramDialog
          card={instagram}
          saving={state.busy.instagram === 'saving'}
          error={dialogError}
          onClose={close}
          onSave={(config) => commands.save('instagram', config)}
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
