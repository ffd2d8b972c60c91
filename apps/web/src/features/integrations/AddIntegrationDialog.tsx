import { Plus } from 'lucide-react';
import { Dialog } from '../../ui/Dialog';
import { INTEGRATIONS, TEXTS, type IntegrationType } from './catalog';
import { Tag } from './StatusLabel';

/** 'Adicionar Nova Integração': the six types; choosing one opens its 'Configurar {name}'. */
export function AddIntegrationDialog({
  onChoose,
  onClose,
}: {
  onChoose: (type: IntegrationType) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={TEXTS.addNewIntegration}
      description="Escolha o canal que deseja configurar."
      icon={<Plus aria-hidden className="h-5 w-5" />}
      size="lg"
    >
      <ul className="grid gap-3 sm:grid-cols-2">
        {INTEGRATIONS.map((info) => {
          const Icon = info.icon;
          return (
            <li key={info.type}>
              <button
                type="button"
                disabled={!info.available}
                onClick={() => onChoose(info.type)}
                aria-describedby={`add-integration-${info.type}`}
                className="flex h-full w-full items-start gap-3 rounded-xl border border-slate-200 p-4 text-left transition hover:border-blue-400 hover:bg-blue-50/50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:hover:border-blue-600 dark:hover:bg-blue-950/30"
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600 dark:bg-blue-950 dark:text-blue-300">
                  <Icon aria-hidden className="h-5 w-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-semibold text-slate-900 dark:text-white">{info.name}</span>
                    {info.available ? null : <Tag tone="slate">{TEXTS.comingSoon}</Tag>}
                  </span>
                  <span
                    id={`add-integration-${info.type}`}
                    className="mt-1 block text-sm text-slate-500 dark:text-slate-400"
                  >
                    {info.description}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
