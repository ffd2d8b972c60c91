import { testFile } from '../test/fake-xhr';
import { captionRefusal, checkMedia, MEDIA_ACCEPT, MEDIA_MAX_BYTES, mediaKindOf } from './mediaRules';

const TYPE_REFUSED = 'Tipo de arquivo não permitido. Envie imagem, PDF, documento ou áudio.';

describe('mediaRules', () => {
  it('tells the kind of message from the type, else from the extension', () => {
    expect(mediaKindOf(testFile('a.jpg', 'image/jpeg'))).toBe('image');
    expect(mediaKindOf(testFile('a.mp4', 'video/mp4'))).toBe('video');
    expect(mediaKindOf(testFile('nota.ogg', 'audio/ogg; codecs=opus'))).toBe('audio');
    expect(mediaKindOf(testFile('a.pdf', 'application/pdf'))).toBe('document');
    // browsers that report another name, or none
    expect(mediaKindOf(testFile('voz.wav', 'audio/x-wav'))).toBe('audio');
    expect(mediaKindOf(testFile('Relatório.DOCX', ''))).toBe('document');
    expect(mediaKindOf(testFile('pagina.html', 'text/html'))).toBeUndefined();
    expect(mediaKindOf(testFile('desenho.svg', 'image/svg+xml'))).toBeUndefined();
    expect(mediaKindOf(testFile('pdf', ''))).toBeUndefined();
  });

  it('refuses other types and files over 16 MB, in pt-BR', () => {
    expect(checkMedia(testFile('a.png', 'image/png', MEDIA_MAX_BYTES))).toEqual({ kind: 'image' });
    expect(checkMedia(testFile('a.png', 'image/png', MEDIA_MAX_BYTES + 1))).toEqual({
      error: 'Arquivo maior que 16 MB',
    });
    expect(checkMedia(testFile('a.zip', 'application/zip'))).toEqual({ error: TYPE_REFUSED });
    expect(captionRefusal('a'.repeat(4096))).toBeNull();
    expect(captionRefusal('a'.repeat(4097))).toBe('Legenda maior que 4096 caracteres');
  });

  it('offers the allowed types and extensions in the file picker', () => {
    const accept = MEDIA_ACCEPT.split(',');
    expect(accept).toEqual(expect.arrayContaining(['image/webp', 'audio/amr', '.xlsx', '.odt', '.m4a']));
    expect(accept).not.toContain('application/zip');
  });
});
