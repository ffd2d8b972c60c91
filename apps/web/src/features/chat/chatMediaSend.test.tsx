import { selectMessagesEntry } from '../messages/messages-endpoints';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '../../api/types';
import { messagesActions } from '../messages/messages-endpoints';
import { chatWindowsActions } from './chatWindowsSlice';
import { useFakeXhr, testFile } from './test/fake-xhr';
import {
  chatServer,
  chatStore,
  conversation,
  loaded,
  MARIA,
  message,
  renderWindows,
} from './test/chat-fixtures';

const server = chatServer();
const FakeXhr = useFakeXhr();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TYPE_REFUSED = 'Tipo de arquivo não permitido. Envie imagem, PDF, documento ou áudio.';

/** The stored message POST /api/whatsapp/send-media answers (and the socket pushes). */
function stored(overrides: Partial<Message>): Message {
  return {
    id: 'x',
    conversationId: MARIA,
    content: '',
    sender: 'agent',
    senderName: 'Demo Silva',
    senderPhone: '',
    senderId: 'u1',
    fromMe: true,
    timestamp: '2026-01-10T12:05:00.000Z',
    createdAt: '2026-01-10T12:05:00.000Z',
    type: 'image',
    status: 'sent',
    mediaUrl: '/api/media/w1/m-foto',
    mediaStatus: 'stored',
    fileName: 'foto.png',
    error: null,
    position: 10,
    ...overrides,
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

function openWindow() {
  const store = chatStore(server, {
    rows: [conversation()],
    runSagas: false,
    messages: { [MARIA]: loaded([message({ localId: 'm1', content: 'Oi', position: 1 })]) },
  });
  renderWindows(store);
  act(() => {
    store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
  });
  const dialog = screen.getByRole('dialog', { name: 'Conversa com Maria Souza' });
  const textarea = within(dialog).getByRole('textbox', { name: 'Mensagem' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  const entries = () =>
    within(within(dialog).getByRole('log', { name: 'Mensagens' })).getAllByRole('listitem');
  return { store, dialog, textarea, input, entries };
}

describe('sending files from the chat window', () => {
  it('the paperclip sends a multipart request; the bubble shows the preview and progress, then the stored message', async () => {
    const createUrl = jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:foto');
    const revokeUrl = jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const user = userEvent.setup();
    const { store, dialog, textarea, input, entries } = openWindow();
    expect(within(dialog).getByRole('button', { name: 'Anexar arquivo' })).toBeInTheDocument();
    expect(input.accept).toContain('image/png');
    expect(input.accept).toContain('application/pdf');

    await user.type(textarea, 'Segue a foto');
    await user.upload(input, testFile('foto.png', 'image/png'));

    expect(FakeXhr.sent).toHaveLength(1);
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url).pathname).toBe('/api/whatsapp/send-media');
    expect(xhr.headers['x-requested-with']).toBe('XMLHttpRequest');
    // the file goes last, after the fields the server reads first
    expect(xhr.fields().map(([name]) => name)).toEqual([
      'conversationId',
      'caption',
      'clientMessageId',
      'file',
    ]);
    expect(xhr.field('conversationId')).toBe(MARIA);
    expect(xhr.field('caption')).toBe('Segue a foto');
    expect(xhr.field('file')).toBe('foto.png');
    const clientMessageId = xhr.field('clientMessageId')!;
    expect(clientMessageId).toMatch(UUID);
    // the caption left the composer with the file
    expect(textarea).toHaveValue('');

    // the optimistic bubble, at once: the local preview, the caption, 0 %
    expect(entries()).toHaveLength(2);
    const bubble = entries()[1]!;
    expect(bubble).toHaveClass('items-end');
    expect(within(bubble).getByRole('img', { name: 'Segue a foto' })).toHaveAttribute('src', 'blob:foto');
    expect(createUrl).toHaveBeenCalledTimes(1);
    expect(bubble).toHaveTextContent('Segue a foto');
    expect(within(bubble).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    xhr.progress(42, 100);
    expect(within(bubble).getByRole('progressbar', { name: 'Envio do arquivo' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(bubble).toHaveTextContent('Enviando… 42%');

    const answer = stored({ id: clientMessageId, content: 'Segue a foto' });
    await xhr.respond(200, { success: true, messageId: clientMessageId, message: answer });
    const done = entries()[1]!;
    expect(within(done).getByRole('img', { name: 'Segue a foto' })).toHaveAttribute(
      'src',
      '/api/media/w1/m-foto',
    );
    expect(within(done).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(done).getByRole('img', { name: 'Enviada' })).toBeInTheDocument();
    expect(revokeUrl).toHaveBeenCalledWith('blob:foto');

    // the socket's copy of the same message is the same bubble (deduplicated by id)
    act(() => {
      store.dispatch(messagesActions.messageReceived({ ...answer, status: 'delivered', clientMessageId }));
    });
    expect(entries()).toHaveLength(2);
    expect(within(entries()[1]!).getByRole('img', { name: 'Entregue' })).toBeInTheDocument();
    expect(selectMessagesEntry(store.getState(), MARIA)!.items[1]).toMatchObject({
      localId: clientMessageId,
      id: clientMessageId,
      type: 'image',
      fileName: 'foto.png',
    });
  });

  it('refuses a file over 16 MB or of another type before any upload, in pt-BR', async () => {
    // as if the agent chose "all files" in the picker
    const user = userEvent.setup({ applyAccept: false });
    const { dialog, textarea, input, entries } = openWindow();
    await user.type(textarea, 'Legenda');

    await user.upload(input, testFile('video.mp4', 'video/mp4', 16 * 1024 * 1024 + 1));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Arquivo maior que 16 MB');
    await user.upload(input, testFile('programa.exe', 'application/x-msdownload'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(TYPE_REFUSED);

    expect(FakeXhr.sent).toHaveLength(0);
    expect(entries()).toHaveLength(1);
    expect(textarea).toHaveValue('Legenda');
    // typing puts the refusal away
    await user.type(textarea, '!');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(textarea, '{Backspace}');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a file pasted into the text box is sent with the draft as its caption', async () => {
    const user = userEvent.setup();
    const { textarea, entries } = openWindow();
    await user.type(textarea, 'Comprovante');
    const pasted = (files: File[], text = '') => ({ clipboardData: { files, getData: () => text } });
    // text copied from an editor brings a picture of itself along: that is a text paste
    fireEvent.paste(textarea, pasted([testFile('image.png', 'image/png')], 'Linha copiada'));
    expect(FakeXhr.sent).toHaveLength(0);

    fireEvent.paste(textarea, pasted([testFile('comprovante.pdf', 'application/pdf')]));

    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0]!.field('caption')).toBe('Comprovante');
    expect(FakeXhr.sent[0]!.field('file')).toBe('comprovante.pdf');
    expect(textarea).toHaveValue('');
    // no preview for a document: its name, and the progress
    expect(entries()[1]).toHaveTextContent('comprovante.pdf');
    expect(within(entries()[1]!).getByRole('progressbar')).toBeInTheDocument();
  });

  it('files dropped on the window show a hint while dragged, then go one after the other', async () => {
    const { dialog, entries } = openWindow();
    const files = [testFile('contrato.pdf', 'application/pdf'), testFile('audio.ogg', 'audio/ogg')];

    fireEvent.dragEnter(dialog, { dataTransfer: { types: ['Files'], files: [] } });
    expect(within(dialog).getByText('Solte o arquivo para enviar')).toBeInTheDocument();
    fireEvent.dragLeave(dialog, { dataTransfer: { types: ['Files'], files: [] } });
    expect(within(dialog).queryByText('Solte o arquivo para enviar')).not.toBeInTheDocument();

    fireEvent.dragEnter(dialog, { dataTransfer: { types: ['Files'], files: [] } });
    fireEvent.drop(dialog, { dataTransfer: { types: ['Files'], files } });
    expect(within(dialog).queryByText('Solte o arquivo para enviar')).not.toBeInTheDocument();

    // both bubbles at once; the second upload waits for the first
    expect(entries()).toHaveLength(3);
    expect(FakeXhr.sent).toHaveLength(1);
    const first = FakeXhr.sent[0]!;
    expect(first.field('file')).toBe('contrato.pdf');
    const id = first.field('clientMessageId')!;
    await first.respond(200, {
      success: true,
      messageId: id,
      message: stored({
        id,
        type: 'document',
        mediaUrl: '/api/media/w1/m-contrato',
        fileName: 'contrato.pdf',
      }),
    });
    const link = within(entries()[1]!).getByRole('link', { name: 'contrato.pdf' });
    expect(link).toHaveAttribute('href', '/api/media/w1/m-contrato');
    expect(link).toHaveAttribute('download', 'contrato.pdf');

    expect(FakeXhr.sent).toHaveLength(2);
    expect(FakeXhr.sent[1]!.field('file')).toBe('audio.ogg');
    expect(FakeXhr.sent[1]!.field('caption')).toBeUndefined();
    await FakeXhr.sent[1]!.respond(200, { success: true, messageId: 'x', message: null });
  });

  it("shows the server's refusal; 'Tentar novamente' posts again with the same clientMessageId; 'Descartar' removes it", async () => {
    const user = userEvent.setup();
    const { textarea, input, entries } = openWindow();
    await user.type(textarea, 'Planilha');
    await user.upload(
      input,
      testFile('dados.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    );
    const first = FakeXhr.sent[0]!;
    await first.respond(415, { success: false, error: TYPE_REFUSED, code: 'MEDIA_TYPE_NOT_ALLOWED' });

    const bubble = () => entries()[1]!;
    expect(bubble()).toHaveTextContent(TYPE_REFUSED);
    expect(within(bubble()).getByRole('img', { name: 'Falhou' })).toBeInTheDocument();
    expect(within(bubble()).queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(within(bubble()).getByRole('button', { name: 'Tentar novamente' }));
    expect(FakeXhr.sent).toHaveLength(2);
    const again = FakeXhr.sent[1]!;
    expect(again.field('clientMessageId')).toBe(first.field('clientMessageId'));
    expect(again.field('caption')).toBe('Planilha');
    expect(within(bubble()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(within(bubble()).queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();

    // no answer at all this time; then the agent gives up
    await again.fail();
    expect(bubble()).toHaveTextContent('Erro de conexão');
    await user.click(within(bubble()).getByRole('button', { name: 'Descartar' }));
    expect(entries()).toHaveLength(1);
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('shows stored media: the audio and video players, the document to download, the caption under it', () => {
    const store = chatStore(server, {
      rows: [conversation()],
      runSagas: false,
      messages: {
        [MARIA]: loaded([
          message({
            localId: 'a',
            fromMe: true,
            sender: 'agent',
            type: 'audio',
            content: '[Mídia: audio]',
            mediaStatus: 'stored',
            mediaUrl: '/api/media/w1/a',
          }),
          message({
            localId: 'v',
            fromMe: true,
            sender: 'agent',
            type: 'video',
            content: 'O vídeo',
            mediaStatus: 'stored',
            mediaUrl: '/api/media/w1/v',
          }),
          message({
            localId: 'd',
            fromMe: true,
            sender: 'agent',
            type: 'document',
            content: 'Seu boleto',
            mediaStatus: 'stored',
            mediaUrl: '/api/media/w1/d',
            fileName: 'boleto.pdf',
          }),
        ]),
      },
    });
    renderWindows(store);
    act(() => {
      store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
    });
    const entries = within(screen.getByRole('log', { name: 'Mensagens' })).getAllByRole('listitem');
    const audio = entries[0]!.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', '/api/media/w1/a');
    expect(audio).toHaveAttribute('controls');
    expect(entries[0]).toHaveTextContent('[Mídia: audio]');
    const video = entries[1]!.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/api/media/w1/v');
    expect(video).toHaveAccessibleName('O vídeo');
    expect(entries[1]).toHaveTextContent('O vídeo');
    const link = within(entries[2]!).getByRole('link', { name: 'boleto.pdf' });
    expect(link).toHaveAttribute('href', '/api/media/w1/d');
    expect(link).toHaveAttribute('download', 'boleto.pdf');
    expect(entries[2]).toHaveTextContent('Seu boleto');
  });
});
