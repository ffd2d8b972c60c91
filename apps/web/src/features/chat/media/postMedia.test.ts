import { ApiError } from '../../../api/api-error';
import { testFile, useFakeXhr } from '../test/fake-xhr';
import { postMedia, UPLOAD_TIMEOUT_MS } from './postMedia';

const FakeXhr = useFakeXhr();

const upload = {
  conversationId: 'c1',
  caption: '',
  clientMessageId: 'id-1',
  file: testFile('a.pdf', 'application/pdf'),
};

describe('postMedia', () => {
  it('posts the fields without an empty caption, reports whole percents and answers the body', async () => {
    const progress: number[] = [];
    const answer = postMedia(upload, (percent) => progress.push(percent));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.fields()).toEqual([
      ['conversationId', 'c1'],
      ['clientMessageId', 'id-1'],
      ['file', 'a.pdf'],
    ]);
    expect(xhr.timeout).toBe(UPLOAD_TIMEOUT_MS);
    xhr.progress(1, 3);
    xhr.progress(0, 0);
    xhr.progress(3, 3);
    expect(progress).toEqual([33, 100]);
    await xhr.respond(200, { success: true, messageId: 'id-1', message: null });
    await expect(answer).resolves.toEqual({ success: true, messageId: 'id-1', message: null });
  });

  it("rejects with the server's text and code, or a readable text without one", async () => {
    // Each expectation is attached before the answer, so no rejection goes unhandled meanwhile.
    const refused = expect(postMedia(upload, () => {})).rejects.toEqual(
      new ApiError('Seu teste terminou', 402, 'TRIAL_ENDED'),
    );
    await FakeXhr.sent[0]!.respond(402, { success: false, error: 'Seu teste terminou', code: 'TRIAL_ENDED' });
    await refused;

    // a proxy's own page for a too large body
    const proxy = expect(postMedia(upload, () => {})).rejects.toMatchObject({
      message: 'Arquivo maior que 16 MB',
      status: 413,
    });
    await FakeXhr.sent[1]!.respond(413, '<html>Request Entity Too Large</html>');
    await proxy;

    const broken = expect(postMedia(upload, () => {})).rejects.toMatchObject({
      message: 'Erro ao enviar mensagem',
      code: 'HTTP_502',
    });
    await FakeXhr.sent[2]!.respond(502, 'Bad Gateway');
    await broken;

    const lost = expect(postMedia(upload, () => {})).rejects.toMatchObject({
      message: 'Erro de conexão',
      status: 0,
    });
    await FakeXhr.sent[3]!.fail();
    await lost;
  });
});
