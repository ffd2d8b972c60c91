import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Loader2, MessageCircle, QrCode } from 'lucide-react';
import { Dialog } from '../../ui/Dialog';
import { TEXTS, WHATSAPP_TEXTS } from './catalog';
import type { WhatsAppState } from './integrationsSlice';
import { StatusLabel } from './StatusLabel';

/**
 * 'Conectar WhatsApp': Nome do Suporte and Número do WhatsApp, 'Gerar QR Code' ('Gerando...' while
 * busy; disabled while the number is empty or a request is in flight), the QR image and its status.
 */
export function WhatsAppConnectDialog({
  whatsapp,
  onGenerate,
  onClose,
}: {
  whatsapp: WhatsAppState;
  onGenerate: (request: { phoneNumber: string; name: string }) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [name, setName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const { busy, qrCode, message, error, connected } = whatsapp;
  const canGenerate = phoneNumber.trim() !== '' && !busy;
  const session = whatsapp.sessions.find((s) => s.sessionId === whatsapp.sessionId);
  const qrRef = useRef<HTMLImageElement>(null);
  // A QR below the form is brought into view (small screens).
  useEffect(() => {
    if (qrCode) qrRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [qrCode]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canGenerate) onGenerate({ phoneNumber, name });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={TEXTS.whatsappConnectTitle}
      description="Gere o QR Code e escaneie com o WhatsApp do número que vai atender os clientes."
      icon={<MessageCircle aria-hidden className="h-5 w-5" />}
      footer={
        <button type="button" className="btn-secondary" onClick={onClose}>
          {TEXTS.close}
        </button>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {connected && session?.phoneNumber ? `WhatsApp +${session.phoneNumber}` : 'Status da conexão'}
          </span>
          <StatusLabel status={connected ? 'connected' : busy || qrCode ? 'pending' : 'disconnected'} />
        </div>
        <form id={formId} noValidate onSubmit={submit} className="space-y-4">
          <div>
            <label htmlFor={`${formId}-name`} className="field-label">
              {TEXTS.supportName}
            </label>
            <input
              id={`${formId}-name`}
              className="input"
              value={name}
              maxLength={500}
              placeholder={WHATSAPP_TEXTS.defaultSupportName}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${formId}-phone`} className="field-label">
              {TEXTS.whatsappNumber}
              <span aria-hidden className="ml-0.5 text-red-500">
                *
              </span>
            </label>
            <input
              id={`${formId}-phone`}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              className="input"
              value={phoneNumber}
              maxLength={64}
              placeholder="5511999999999"
              aria-required="true"
              aria-describedby={`${formId}-phone-hint`}
              onChange={(event) => setPhoneNumber(event.target.value)}
            />
            <p id={`${formId}-phone-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {TEXTS.whatsappNumberHint}
            </p>
          </div>
          <button type="submit" className="btn-primary w-full" disabled={!canGenerate}>
            {busy ? (
              <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
            ) : (
              <QrCode aria-hidden className="h-4 w-4" />
            )}
            {busy ? TEXTS.generating : TEXTS.generateQr}
          </button>
        </form>
        {error ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm break-words text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {error}
          </p>
        ) : null}
        <p
          role="status"
          className={
            message
              ? `flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                  message === WHATSAPP_TEXTS.connected
                    ? 'bg-green-50 text-green-700 dark:bg-green-950/50 dark:text-green-300'
                    : 'bg-blue-50 text-blue-700 dark:bg-blue-950/50 dark:text-blue-300'
                }`
              : 'sr-only'
          }
        >
          {message === WHATSAPP_TEXTS.connected ? <CheckCircle2 aria-hidden className="h-4 w-4" /> : null}
          {message ?? ''}
        </p>
        {qrCode ? (
          <div className="flex justify-center">
            <img
              ref={qrRef}
              src={qrCode}
              alt={TEXTS.qrAlt}
              width={256}
              height={256}
              className="h-64 w-64 rounded-xl border border-slate-200 bg-white p-2 dark:border-slate-700"
            />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
