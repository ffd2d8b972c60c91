import { isApiError } from '../../api/api-error';
import { api, failure } from '../../server-state/api';
import { TEXTS, type IntegrationType } from './catalog';
import {
  disconnectIntegration,
  fetchIntegrations,
  saveIntegration,
  type CardAnswer,
  type IntegrationCard,
} from './integrations-api';

const INTEGRATIONS = ['Integration' as const];

/** A card call's error: a 403 is the screen's own permission text. */
function cardFailure(reason: unknown) {
  const failed = failure(reason);
  return isApiError(reason) && reason.status === 403 ? { ...failed, message: TEXTS.forbidden } : failed;
}

/** Wraps one of integrations-api.ts's calls (the same requests and answers) as a `queryFn`. */
const call =
  <A, R>(run: (arg: A) => Promise<R>) =>
  async (arg: A) => {
    try {
      return { data: await run(arg) };
    } catch (reason) {
      return { error: cardFailure(reason) };
    }
  };

/** Puts the card the server answered in place of its type's, or at the end. */
function upsertCard(cards: IntegrationCard[], card: IntegrationCard): void {
  const at = cards.findIndex((c) => c.type === card.type);
  if (at >= 0) cards[at] = card;
  else cards.push(card);
}

type Dispatch = (action: unknown) => unknown;

/** A change the server accepted: its card, as answered, in the cached list (no refetch needed). */
async function writeAnsweredCard(dispatch: Dispatch, saved: Promise<{ data: CardAnswer }>): Promise<void> {
  try {
    const { data } = await saved;
    dispatch(
      integrationsApi.util.updateQueryData('getIntegrations', undefined, (cards) =>
        upsertCard(cards, data.integration),
      ),
    );
  } catch {
    // refused: the card keeps what the server last said (the dialog shows why)
  }
}

export const integrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/integrations: the six cards, in the spec's order (secret values masked). */
    getIntegrations: build.query<IntegrationCard[], undefined>({
      queryFn: call(() => fetchIntegrations()),
      providesTags: INTEGRATIONS,
    }),
    /** 'Salvar Configuração': PUT /api/integrations/:type (empty fields left out); the card connects. */
    saveIntegration: build.mutation<CardAnswer, { type: IntegrationType; config: Record<string, string> }>({
      queryFn: call(({ type, config }) => saveIntegration(type, config)),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => writeAnsweredCard(dispatch, queryFulfilled),
    }),
    /** 'Desconectar' confirmed: DELETE /api/integrations/:type. */
    disconnectIntegration: build.mutation<CardAnswer, IntegrationType>({
      queryFn: call(disconnectIntegration),
      onQueryStarted: (_type, { dispatch, queryFulfilled }) => writeAnsweredCard(dispatch, queryFulfilled),
    }),
  }),
});

export const { useGetIntegrationsQuery } = integrationsApi;
