/** Texts of the chat windows (pt-BR, word for word from the spec where it gives them). */
export const SUGGESTIONS_ERROR_TEXT = 'Erro ao gerar sugestões';
export const TRANSFER_SUCCESS_TEXT = 'Conversa transferida com sucesso!';
export const RATING_SUCCESS_TEXT = 'Avaliação salva com sucesso!';
export const EMPTY_MESSAGES_TEXT = 'Nenhuma mensagem ainda. Inicie a conversa!';
export const LOADING_MESSAGES_TEXT = 'Carregando mensagens...';
export const SEND_ERROR_TEXT = 'Erro ao enviar mensagem';
export const COMPOSER_PLACEHOLDER = 'Digite sua mensagem...';
export const FALLBACK_ERROR_TEXT = 'Erro inesperado';

/* Issue 26: a customer's LGPD rights in the side panel (Owner and Admin only). */
export const EXPORT_CONTACT_LABEL = 'Exportar dados do contato';
export const EXPORTING_CONTACT_LABEL = 'Exportando...';
export const EXPORT_SUCCESS_TEXT = 'Dados exportados';
export const ERASE_CONTACT_LABEL = 'Excluir dados do contato';
export const ERASE_DESCRIPTION =
  'Esta ação apaga de forma permanente o nome, o telefone, as mensagens e as mídias deste contato (LGPD). As contagens dos relatórios são mantidas.';
export const ERASE_INPUT_LABEL = 'Digite o número do contato para confirmar';
export const ERASE_CONFIRM_LABEL = 'Excluir definitivamente';
export const ERASING_LABEL = 'Excluindo...';
export const ERASE_CANCEL_LABEL = 'Cancelar';
export const ERASE_SUCCESS_TEXT = 'Dados do contato excluídos';
