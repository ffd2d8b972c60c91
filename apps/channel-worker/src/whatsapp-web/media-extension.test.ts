import { extensionFor } from './media-extension.js';

describe('extensionFor', () => {
  it('knows the usual WhatsApp MIME types (parameters ignored)', () => {
    expect(extensionFor('image/jpeg')).toBe('jpg');
    expect(extensionFor('audio/ogg; codecs=opus')).toBe('ogg');
    expect(extensionFor('video/mp4')).toBe('mp4');
    expect(extensionFor('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'docx',
    );
  });

  it('falls back to the file name, then a short subtype, then bin', () => {
    expect(extensionFor('application/octet-stream', 'Nota Fiscal.XML')).toBe('xml');
    expect(extensionFor('image/heic')).toBe('heic');
    expect(extensionFor('application/x-very-long-subtype')).toBe('bin');
    expect(extensionFor('', '../../etc/passwd')).toBe('bin');
    expect(extensionFor(undefined)).toBe('bin');
  });
});
