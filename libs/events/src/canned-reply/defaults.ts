import { uuidV5 } from '../core/ids.js';
import type { CannedReplyCategory } from './categories.js';

export interface DefaultCannedReply {
  /** Stable name of the default, from which each workspace's copy gets its id. */
  key: string;
  text: string;
  category: CannedReplyCategory;
  keywords: string;
}

/**
 * Atende's default canned replies (pt-BR), with which every new workspace starts (as its own
 * replies, which the team edits or deletes). In the order offered when nothing better matches: one
 * of each kind first, so that the first five already cover the categories.
 */
export const DEFAULT_CANNED_REPLIES: readonly DefaultCannedReply[] = [
  {
    key: 'saudacao-contato',
    text: 'Olá! Obrigado por entrar em contato. Como posso ajudar?',
    category: 'greeting',
    keywords: 'oi ola oie opa bom dia boa tarde noite tudo bem alguem atendimento',
  },
  {
    key: 'suporte-verificar',
    text: 'Vou verificar isso para você, só um momento.',
    category: 'support',
    keywords: 'verificar olhar consultar ver status situacao problema ajuda',
  },
  {
    key: 'produto-prazo-entrega',
    text: 'Nosso prazo de entrega é de 3 a 5 dias úteis.',
    category: 'product',
    keywords: 'prazo entrega entregar chegar chega demora envio enviar frete dias pedido',
  },
  {
    key: 'geral-mais-alguma-coisa',
    text: 'Posso ajudar em mais alguma coisa?',
    category: 'other',
    keywords: 'ok certo entendi beleza blz',
  },
  {
    key: 'suporte-numero-pedido',
    text: 'Pode me informar o número do pedido, por favor?',
    category: 'support',
    keywords: 'pedido compra numero rastreio rastreamento codigo status comprei',
  },
  {
    key: 'produto-pagamento',
    text: 'Aceitamos Pix, cartão de crédito e boleto.',
    category: 'product',
    keywords: 'pagamento pagar pix cartao credito debito boleto forma aceita aceitam',
  },
  {
    key: 'geral-obrigado',
    text: 'Obrigado pelo contato! Tenha um ótimo dia.',
    category: 'other',
    keywords: 'obrigado obrigada valeu agradeco tchau ate logo',
  },
  {
    key: 'suporte-transtorno',
    text: 'Sinto muito pelo transtorno! Vamos resolver isso agora mesmo.',
    category: 'support',
    keywords: 'problema defeito quebrado quebrou errado reclamacao atraso atrasado transtorno ruim',
  },
  {
    key: 'produto-estoque',
    text: 'Sim, temos esse produto em estoque!',
    category: 'product',
    keywords: 'estoque disponivel disponibilidade produto tamanho cor modelo acabou',
  },
  {
    key: 'geral-horario',
    text: 'Nosso horário de atendimento é de segunda a sexta, das 9h às 18h.',
    category: 'other',
    keywords: 'horario atendimento funcionamento aberto abre fecha sabado domingo feriado',
  },
  {
    key: 'suporte-troca',
    text: 'Para trocas e devoluções, você tem até 7 dias após o recebimento.',
    category: 'support',
    keywords: 'troca trocar devolucao devolver reembolso estorno cancelar cancelamento arrependimento',
  },
  {
    key: 'produto-parcelamento',
    text: 'Você pode parcelar em até 12 vezes no cartão de crédito.',
    category: 'product',
    keywords: 'parcelar parcela parcelas parcelado vezes juros cartao credito',
  },
  {
    key: 'geral-disposicao',
    text: 'Fico à disposição para qualquer dúvida.',
    category: 'other',
    keywords: 'duvida duvidas pergunta informacao',
  },
  {
    key: 'suporte-encaminhado',
    text: 'Já encaminhei sua solicitação para a equipe responsável. Retornaremos em breve.',
    category: 'support',
    keywords: 'solicitacao retorno resposta responsavel gerente urgente aguardando esperando',
  },
  {
    key: 'produto-detalhes',
    text: 'Vou te enviar o link do produto com todos os detalhes.',
    category: 'product',
    keywords: 'link site detalhes informacoes preco valor quanto custa foto catalogo',
  },
  {
    key: 'suporte-foto',
    text: 'Consegue me enviar uma foto do produto, por favor?',
    category: 'support',
    keywords: 'foto imagem defeito avaria amassado riscado danificado',
  },
  {
    key: 'saudacao-tudo-bem',
    text: 'Oi! Tudo bem? Em que posso ajudar hoje?',
    category: 'greeting',
    keywords: 'oi ola oie opa tudo bem eai alguem',
  },
  {
    key: 'saudacao-bem-vindo',
    text: 'Olá! Seja bem-vindo(a). Estou aqui para ajudar.',
    category: 'greeting',
    keywords: 'oi ola primeira vez conhecer loja',
  },
  // Greeting with a time of day: offered only when the customer used it (see the ranking).
  {
    key: 'saudacao-bom-dia',
    text: 'Bom dia! Como posso ajudar?',
    category: 'greeting',
    keywords: 'bom dia',
  },
  {
    key: 'saudacao-boa-tarde',
    text: 'Boa tarde! Como posso ajudar?',
    category: 'greeting',
    keywords: 'boa tarde',
  },
  {
    key: 'saudacao-boa-noite',
    text: 'Boa noite! Como posso ajudar?',
    category: 'greeting',
    keywords: 'boa noite',
  },
];

/**
 * The id of a workspace's copy of a default reply: the same for the same workspace and key (seeding
 * again finds it), different in every workspace (stream names are global).
 */
export function defaultCannedReplyId(workspaceId: string, key: string): string {
  return uuidV5(`${workspaceId}\u0000canned-reply:${key}`);
}
