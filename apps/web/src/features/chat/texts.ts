/** Texts of the chat windows (pt-BR, word for word from the spec where it gives them). */
export const SUGGESTIONS_ERROR_TEXT = 'Erro ao gerar sugestões';
export const TRANSFER_SUCCESS_TEXT = 'Conversa transferida com sucesso!';
export const RATING_SUCCESS_TEXT = 'Avaliação salva com sucesso!';
export const EMPTY_MESSAGES_TEXT = 'Nenhuma mensagem ainda. Inicie a conversa!';
export const LOADING_MESSAGES_TEXT = 'Carregando mensagens...';
export const SEND_ERROR_TEXT = 'Erro ao enviar mensagem';
export const COMPOSER_PLACEHOLDER = 'Digite sua mensagem...';
export const FALLBACK_ERROR_TEXT = 'Erro inesperado';
