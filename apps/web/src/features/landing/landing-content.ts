/**
 * Texts of the public landing page (spec §1, §2 "Landing page", §3 "Landing content items").
 * The plans live in src/content/plans.ts and are not repeated here.
 */
import {
  Bot,
  Camera,
  ChartColumn,
  Clock,
  Gauge,
  Headphones,
  History,
  Inbox,
  KeyRound,
  Languages,
  Layers,
  Lock,
  Mail,
  MessageCircle,
  MessagesSquare,
  Plug,
  QrCode,
  Rocket,
  Send,
  ShieldCheck,
  Shuffle,
  UserCog,
  UserPlus,
  UserX,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';

export const BRAND = 'Atende';

/** The header anchors (spec §2): plain in-page links. */
export const NAV_LINKS = [
  { href: '#problems', label: 'Problemas' },
  { href: '#features', label: 'Soluções' },
  { href: '#pricing', label: 'Preços' },
] as const;

export const HERO = {
  eyebrow: 'Atendimento multicanal para empresas brasileiras',
  title: 'Todos os seus canais de atendimento em',
  highlight: 'uma só caixa de entrada',
  text: 'Centralize WhatsApp, Telegram, Messenger, Instagram e email em um único lugar. Organize sua equipe, acompanhe cada conversa e responda seus clientes em minutos, não em horas.',
  demo: 'Agendar Demo',
  socialProof: 'Milhares de empresas já centralizam o atendimento com o Atende.',
} as const;

/** The trial claim (spec §1): the landing page says 3 days. */
export const TRIAL_DAYS = 3;
export const TRIAL_CLAIMS = [
  `${TRIAL_DAYS} dias grátis`,
  'Sem cartão de crédito',
  'Cancele quando quiser',
  'Ativação imediata',
] as const;

export interface ProblemCard {
  id: string;
  /** The figure shown large on the card. */
  stat: string;
  title: string;
  description: string;
  impact: string;
  solution: string;
  icon: LucideIcon;
}

/** The problem cards, built around the figures of spec §1. */
export const PROBLEMS: readonly ProblemCard[] = [
  {
    id: 'abandono',
    stat: '78%',
    title: 'Clientes desistem de esperar',
    description:
      '78% dos clientes abandonam o atendimento quando não recebem resposta em até 1 hora. Cada mensagem esquecida é uma venda que vai para a concorrência.',
    impact: 'Vendas perdidas, clientes frustrados e uma reputação que se desgasta a cada espera.',
    solution:
      'Uma caixa de entrada única com notificações em tempo real e contadores de não lidas: nenhuma conversa fica sem resposta.',
    icon: UserX,
  },
  {
    id: 'alternancia',
    stat: '40%',
    title: 'Tempo perdido alternando entre apps',
    description:
      '40% do tempo da equipe se perde pulando entre WhatsApp, Telegram, Messenger, Instagram e email para encontrar a conversa certa.',
    impact: 'Produtividade baixa, mensagens duplicadas e histórico do cliente espalhado em vários lugares.',
    solution:
      'Todos os canais em uma única tela, com o histórico completo de cada cliente reunido em um só lugar.',
    icon: Shuffle,
  },
  {
    id: 'demora',
    stat: '4-6h',
    title: 'Respostas que demoram horas',
    description:
      'O tempo médio de resposta das empresas é de 4 a 6 horas, enquanto o cliente espera ser atendido em minutos.',
    impact:
      'Clientes insatisfeitos, avaliações negativas e oportunidades que esfriam antes do primeiro retorno.',
    solution:
      'Automação inteligente, sugestões de resposta e distribuição de conversas entre a equipe para responder em minutos.',
    icon: Clock,
  },
];

/** The three fixed benefits of the problem modal (spec §2). */
export const PROBLEM_MODAL_BENEFITS = [
  'Implementação em minutos',
  'Resultados imediatos',
  'Suporte especializado',
] as const;

export type ChannelTone = 'whatsapp' | 'telegram' | 'messenger' | 'instagram' | 'email';

export interface Channel {
  id: ChannelTone;
  name: string;
  icon: LucideIcon;
  connected: boolean;
}

/** The channel grid (spec §3): WhatsApp and Telegram shown connected, the others not. */
export const CHANNELS: readonly Channel[] = [
  { id: 'whatsapp', name: 'WhatsApp', icon: MessageCircle, connected: true },
  { id: 'telegram', name: 'Telegram', icon: Send, connected: true },
  { id: 'messenger', name: 'Messenger', icon: MessagesSquare, connected: false },
  { id: 'instagram', name: 'Instagram', icon: Camera, connected: false },
  { id: 'email', name: 'Email', icon: Mail, connected: false },
];

export const CHANNELS_SECTION = {
  title: 'Conecte Todos os Seus Canais',
  text: 'WhatsApp Business, Telegram e Messenger se conectam de forma nativa pela leitura de um QR Code. Tudo chega na mesma caixa de entrada.',
  connected: 'Conectado',
  notConnected: 'Não conectado',
  emailHint: 'Clique para configurar',
} as const;

export const EMAIL_MODAL = {
  title: 'Integração de Email',
  intro:
    'Conecte suas contas do Gmail, Outlook ou Yahoo e responda os emails dos seus clientes na mesma caixa de entrada das outras conversas.',
  providers: ['Gmail', 'Outlook', 'Yahoo'],
  securityTitle: 'Conexão segura',
  security:
    'A conexão usa OAuth 2.0: você autoriza o acesso diretamente no seu provedor e suas credenciais nunca são armazenadas em texto simples.',
  benefitsTitle: 'Benefícios',
  benefits: [
    { title: 'Histórico completo de emails', icon: History },
    { title: 'Respostas em tempo real', icon: Zap },
    { title: 'Integração com os outros canais', icon: Layers },
  ],
} as const;

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** The feature cards, from the claims of spec §1. */
export const FEATURES: readonly Feature[] = [
  {
    title: 'Atendimento Unificado',
    description: 'WhatsApp, Telegram, Messenger, Instagram e email em uma única caixa de entrada.',
    icon: Inbox,
  },
  {
    title: 'Gestão de Equipe',
    description:
      'Funções de proprietário, administrador, agente e visualizador, com permissões para cada pessoa.',
    icon: UserCog,
  },
  {
    title: 'Analytics Avançado',
    description: 'Tempo de resposta, volume de conversas e desempenho da equipe em painéis claros.',
    icon: ChartColumn,
  },
  {
    title: 'Segurança e LGPD',
    description: 'Dados dos seus clientes tratados em conformidade com a Lei Geral de Proteção de Dados.',
    icon: ShieldCheck,
  },
  {
    title: 'Automação Inteligente',
    description: 'Sugestões de resposta, mensagens automáticas e distribuição de conversas.',
    icon: Bot,
  },
  {
    title: 'Multi-idiomas',
    description: 'Interface disponível em português, inglês e espanhol.',
    icon: Languages,
  },
  {
    title: 'Criptografia de Ponta a Ponta',
    description: 'Mensagens protegidas do envio até a entrega.',
    icon: Lock,
  },
  {
    title: 'Integrações Nativas',
    description: 'Conecte WhatsApp Business, Telegram e Messenger lendo um QR Code.',
    icon: QrCode,
  },
];

export interface TabItem {
  title: string;
  text: string;
  icon: LucideIcon;
}

export interface InfoTab {
  id: string;
  label: string;
  heading: string;
  items: readonly TabItem[];
}

/** The tabbed area; the first tab (benefits) is the default one. */
export const INFO_TABS: readonly InfoTab[] = [
  {
    id: 'beneficios',
    label: 'Benefícios',
    heading: 'O que muda no seu atendimento',
    items: [
      {
        title: 'Respostas em minutos',
        text: 'Pare de perder os 78% de clientes que desistem depois de 1 hora de espera.',
        icon: Gauge,
      },
      {
        title: 'Foco no cliente',
        text: 'Recupere os 40% do tempo que a equipe perdia alternando entre aplicativos.',
        icon: Inbox,
      },
      {
        title: 'Equipe organizada',
        text: 'Cada conversa com um responsável, cada pessoa com a função certa.',
        icon: Users,
      },
      {
        title: 'Decisões com dados',
        text: 'Acompanhe volume, tempo de resposta e desempenho em tempo real.',
        icon: ChartColumn,
      },
    ],
  },
  {
    id: 'como-funciona',
    label: 'Como Funciona',
    heading: 'Comece a atender em poucos minutos',
    items: [
      {
        title: '1. Crie sua conta',
        text: `Ativação imediata, ${TRIAL_DAYS} dias grátis e sem cartão de crédito.`,
        icon: Rocket,
      },
      {
        title: '2. Conecte seus canais',
        text: 'Leia o QR Code para conectar WhatsApp Business, Telegram e Messenger.',
        icon: Plug,
      },
      {
        title: '3. Convide sua equipe',
        text: 'Defina quem é proprietário, administrador, agente ou visualizador.',
        icon: UserPlus,
      },
      {
        title: '4. Atenda de um só lugar',
        text: 'Todas as conversas chegam na mesma caixa de entrada, em tempo real.',
        icon: Headphones,
      },
    ],
  },
  {
    id: 'seguranca',
    label: 'Segurança',
    heading: 'Segurança em cada conversa',
    items: [
      {
        title: 'Conformidade com a LGPD',
        text: 'Dados pessoais tratados conforme a Lei Geral de Proteção de Dados.',
        icon: ShieldCheck,
      },
      {
        title: 'Criptografia de ponta a ponta',
        text: 'Mensagens protegidas do envio até a entrega.',
        icon: Lock,
      },
      {
        title: 'OAuth 2.0',
        text: 'Contas de email conectadas sem guardar senhas em texto simples.',
        icon: KeyRound,
      },
      {
        title: 'Acesso por função',
        text: 'Cada pessoa da equipe vê e faz apenas o que a sua função permite.',
        icon: UserCog,
      },
    ],
  },
];

export const PRICING = {
  title: 'Planos para cada fase da sua empresa',
  text: `Experimente qualquer plano por ${TRIAL_DAYS} dias grátis: sem cartão de crédito, cancele quando quiser e com ativação imediata.`,
} as const;

export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ: readonly FaqItem[] = [
  {
    question: 'Como funciona o teste grátis?',
    answer: `Você usa o Atende por ${TRIAL_DAYS} dias gratuitamente, sem cadastrar cartão de crédito. A ativação é imediata e você pode cancelar quando quiser.`,
  },
  {
    question: 'Quais canais posso conectar?',
    answer:
      'WhatsApp Business, Telegram e Messenger se conectam de forma nativa pela leitura de um QR Code. Instagram e email (Gmail, Outlook e Yahoo) também chegam à mesma caixa de entrada.',
  },
  {
    question: 'Meus dados e os dos meus clientes estão seguros?',
    answer:
      'Sim. O Atende segue a LGPD, usa criptografia de ponta a ponta nas mensagens e OAuth 2.0 para conectar contas de email, sem guardar credenciais em texto simples.',
  },
  {
    question: 'Posso adicionar minha equipe?',
    answer:
      'Sim. Convide sua equipe e defina a função de cada pessoa: proprietário, administrador, agente ou visualizador. O plano Starter inclui até 3 agentes, o Professional até 10 e o Enterprise agentes ilimitados.',
  },
  {
    question: 'Posso cancelar a qualquer momento?',
    answer: 'Sim. Não há fidelidade nem multa: você cancela quando quiser, direto pelo painel.',
  },
  {
    question: 'O Atende está disponível em outros idiomas?',
    answer: 'Sim. A interface está disponível em português, inglês e espanhol.',
  },
];

export const CLOSING_CTA = {
  title: 'Pronto para transformar seu atendimento?',
  text: `Junte-se a milhares de empresas que respondem mais rápido com o Atende. Comece com ${TRIAL_DAYS} dias grátis, sem cartão de crédito.`,
  sales: 'Falar com Vendas',
} as const;

export interface FooterColumn {
  title: string;
  links: readonly { label: string; href: string }[];
}

/** Footer columns (spec §2): Empresa and Suporte links go to '#'. */
export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Produto',
    links: [
      { label: 'Problemas', href: '#problems' },
      { label: 'Soluções', href: '#features' },
      { label: 'Preços', href: '#pricing' },
      { label: 'Perguntas Frequentes', href: '#faq' },
    ],
  },
  {
    title: 'Empresa',
    links: [
      { label: 'Sobre nós', href: '#' },
      { label: 'Blog', href: '#' },
      { label: 'Carreiras', href: '#' },
      { label: 'Contato', href: '#' },
    ],
  },
  {
    title: 'Suporte',
    links: [
      { label: 'Central de Ajuda', href: '#' },
      { label: 'Documentação', href: '#' },
      { label: 'Status do Sistema', href: '#' },
      { label: 'Privacidade e LGPD', href: '#' },
    ],
  },
];

export const FOOTER = {
  tagline: 'A caixa de entrada unificada de atendimento para empresas brasileiras.',
  copyright: '© 2025 Atende. Todos os direitos reservados.',
} as const;
