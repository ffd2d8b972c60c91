import { isApiError } from '../../api/api-error';
import { api, failure, queryFnOf } from '../../server-state/api';
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
      queryFn: queryFnOf(() => fetchIntegrations(), cardFailure),
      providesTags: INTEGRATIONS,
    }),
    /** 'Salvar Configuração': PUT /api/integrations/:type (empty fields left out); the card connects. */
    saveIntegration: build.mutation<CardAnswer, { type: IntegrationType; config: Record<string, string> }>({
      queryFn: queryFnOf(
        ({ type, config }: { type: IntegrationType; config: Record<string, string> }) =>
          saveIntegration(type, config),
        cardFailure,
      ),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => writeAnsweredCard(dispatch, queryFulfilled),
    }),
    /** 'Desconectar' confirmed: DELETE /api/integrations/:type. */
    disconnectIntegration: build.mutation<CardAnswer, IntegrationType>({
      queryFn: queryFnOf(disconnectIntegration, cardFailure),
      onQueryStarted: (_type, { dispatch, queryFulfilled }) => writeAnsweredCard(dispatch, queryFulfilled),
    }),
  }),
});

export const { useGetIntegrationsQuery } = integrationsApi;
