/** The categories of a suggestion (spec §3 AI suggestion). */
export const suggestionCategories = ['greeting', 'support', 'product', 'other'] as const;
export type SuggestionCategory = (typeof suggestionCategories)[number];

/** How the product labels each category (spec §3). */
export const CATEGORY_LABELS: Readonly<Record<SuggestionCategory, string>> = {
  greeting: 'Saudação',
  support: 'Suporte',
  product: 'Produto',
  other: 'Geral',
};

export interface CannedReply {
  id: string;
  text: string;
  category: SuggestionCategory;
  /** Words customers use when this reply fits (help the match beyond the reply's own words). */
  keywords: string;
  /**
   * A time-of-day greeting ('Boa noite!') is only offered when the customer used that word (folded,
   * e.g. 'noite'): Atende does not guess the customer's time of day.
   */
  onlyWhen?: string;
}

/**
 * Atende's default canned replies (pt-BR), in the order offered when nothing better matches: one of
 * each kind first, so that the first five already cover the categories.
 */
export const CANNED_REPLIES: readonly CannedReply[] = [
  {
    id: 'saudacao-contato',
    text: 'Olá! Obrigado por entrar em contato. Como posso ajudar?',
    category: 'greeting',
    keywords: 'oi ola oie opa bom dia boa tarde noite tudo bem alguem atendimento',
  },
  {
    id: 'suporte-verificar',
    text: 'Vou verificar isso para você, só um momento.',
    category: 'support',
    keywords: 'verificar olhar consultar ver status situacao problema ajuda',
  },
  {
    id: 'produto-prazo-entrega',
    text: 'Nosso prazo de entrega é de 3 a 5 dias úteis.',
    category: 'product',
    keywords: 'prazo entrega entregar chegar chega demora envio enviar frete dias pedido',
  },
  {
    id: 'geral-mais-alguma-coisa',
    text: 'Posso ajudar em mais alguma coisa?',
    category: 'other',
    keywords: 'ok certo entendi beleza blz',
  },
  {
    id: 'suporte-numero-pedido',
    text: 'Pode me informar o número do pedido, por favor?',
    category: 'support',
    keywords: 'pedido compra numero rastreio rastreamento codigo status comprei',
  },
  {
    id: 'produto-pagamento',
    text: 'Aceitamos Pix, cartão de crédito e boleto.',
    category: 'product',
    keywords: 'pagamento pagar pix cartao credito debito boleto forma aceita aceitam',
  },
  {
    id: 'geral-obrigado',
    text: 'Obrigado pelo contato! Tenha um ótimo dia.',
    category: 'other',
    keywords: 'obrigado obrigada valeu agradeco tchau ate logo',
  },
  {
    id: 'suporte-transtorno',
    text: 'Sinto muito pelo transtorno! Vamos resolver isso agora mesmo.',
    category: 'support',
    keywords: 'problema defeito quebrado quebrou errado reclamacao atraso atrasado transtorno ruim',
  },
  {
    id: 'produto-estoque',
    text: 'Sim, temos esse produto em estoque!',
    category: 'product',
    keywords: 'estoque disponivel disponibilidade produto tamanho cor modelo acabou',
  },
  {
    id: 'geral-horario',
    text: 'Nosso horário de atendimento é de segunda a sexta, das 9h às 18h.',
    category: 'other',
    keywords: 'horario atendimento funcionamento aberto abre fecha sabado domingo feriado',
  },
  {
    id: 'suporte-troca',
    text: 'Para trocas e devoluções, você tem até 7 dias após o recebimento.',
    category: 'support',
    keywords: 'troca trocar devolucao devolver reembolso estorno cancelar cancelamento arrependimento',
  },
  {
    id: 'produto-parcelamento',
    text: 'Você pode parcelar em até 12 vezes no cartão de crédito.',
    category: 'product',
    keywords: 'parcelar parcela parcelas parcelado vezes juros cartao credito',
  },
  {
    id: 'geral-disposicao',
    text: 'Fico à disposição para qualquer dúvida.',
    category: 'other',
    keywords: 'duvida duvidas pergunta informacao',
  },
  {
    id: 'suporte-encaminhado',
    text: 'Já encaminhei sua solicitação para a equipe responsável. Retornaremos em breve.',
    category: 'support',
    keywords: 'solicitacao retorno resposta responsavel gerente urgente aguardando esperando',
  },
  {
    id: 'produto-detalhes',
    text: 'Vou te enviar o link do produto com todos os detalhes.',
    category: 'product',
    keywords: 'link site detalhes informacoes preco valor quanto custa foto catalogo',
  },
  {
    id: 'suporte-foto',
    text: 'Consegue me enviar uma foto do produto, por favor?',
    category: 'support',
    keywords: 'foto imagem defeito avaria amassado riscado danificado',
  },
  {
    id: 'saudacao-tudo-bem',
    text: 'Oi! Tudo bem? Em que posso ajudar hoje?',
    category: 'greeting',
    keywords: 'oi ola oie opa tudo bem eai alguem',
  },
  {
    id: 'saudacao-bem-vindo',
    text: 'Olá! Seja bem-vindo(a). Estou aqui para ajudar.',
    category: 'greeting',
    keywords: 'oi ola primeira vez conhecer loja',
  },
  {
    id: 'saudacao-bom-dia',
    text: 'Bom dia! Como posso ajudar?',
    category: 'greeting',
    keywords: 'bom dia',
    onlyWhen: 'dia',
  },
  {
    id: 'saudacao-boa-tarde',
    text: 'Boa tarde! Como posso ajudar?',
    category: 'greeting',
    keywords: 'boa tarde',
    onlyWhen: 'tarde',
  },
  {
    id: 'saudacao-boa-noite',
    text: 'Boa noite! Como posso ajudar?',
    category: 'greeting',
    keywords: 'boa noite',
    onlyWhen: 'noite',
  },
];
