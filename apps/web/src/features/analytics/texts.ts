/* The Analytics screen's texts (pt-BR), shared by the components and their tests. */

export const ANALYTICS_TITLE = 'Analytics';
export const PERIOD_GROUP_LABEL = 'Período';
export const LOADING_TEXT = 'Carregando relatórios...';
export const REFRESHING_TEXT = 'Atualizando...';
export const FORBIDDEN_TEXT = 'Você não tem permissão para ver os relatórios.';
export const RETRY_TEXT = 'Tentar novamente';
export const EMPTY_PERIOD_TITLE = 'Nenhuma atividade neste período';
export const EMPTY_PERIOD_HINT =
  'Quando clientes escreverem e sua equipe responder, os números aparecem aqui. Experimente um período maior.';

export const KPI_TITLES = {
  inbound: 'Mensagens recebidas',
  outbound: 'Mensagens enviadas',
  conversationsStarted: 'Conversas iniciadas',
  avgFirstResponseMs: 'Tempo médio de primeira resposta',
} as const;

export const MESSAGES_CHART_TITLE = 'Mensagens por dia';
export const CONVERSATIONS_CHART_TITLE = 'Conversas por dia';
export const INBOUND_LABEL = 'Recebidas';
export const OUTBOUND_LABEL = 'Enviadas';
export const STARTED_LABEL = 'Iniciadas';
export const RESOLVED_LABEL = 'Resolvidas';
export const NO_MESSAGES_TEXT = 'Nenhuma mensagem no período.';
export const NO_CONVERSATIONS_TEXT = 'Nenhuma conversa iniciada ou resolvida no período.';

export const PERFORMANCE_TITLE = 'Métricas de desempenho';
export const FIRST_RESPONSE_LABEL = 'Tempo médio de primeira resposta';
export const RESPONSE_LABEL = 'Tempo médio de resposta';
export const RESOLVED_COUNT_LABEL = 'Conversas resolvidas';
export const RESOLUTION_RATE_LABEL = 'Taxa de resolução';
export const RESOLUTION_RATE_HINT = 'Conversas resolvidas (arquivadas) ÷ conversas iniciadas no período';
export const AVG_RATING_LABEL = 'Avaliação média';
export const RATINGS_DISTRIBUTION_LABEL = 'Distribuição das avaliações';
export const NO_RESPONSES_TEXT = 'Sem respostas no período';
export const NO_RATINGS_TEXT = 'Nenhuma avaliação no período.';

export const AGENTS_TITLE = 'Desempenho por agente';
export const AGENT_COLUMNS = {
  name: 'Agente',
  outbound: 'Mensagens enviadas',
  resolved: 'Conversas resolvidas',
  avgFirstResponse: 'Primeira resposta',
  avgResponse: 'Tempo médio de resposta',
  avgRating: 'Avaliação média',
} as const;
export const NO_AGENTS_TEXT = 'Nenhum agente atendeu neste período.';
export const UNKNOWN_AGENT = 'Agente removido';

export const ACTIVITY_TITLE = 'Atividade recente';
export const NO_ACTIVITY_TEXT = 'Nenhuma atividade recente.';
export const UNKNOWN_CUSTOMER = 'um cliente';
