import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@atende/gateway/testing';
import { TINY_PNG, sha256Hex, type SandboxOutboxEntry } from '@atende/gateway/testing';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const SESSION = 'demo-sandbox';

// Pictures both ways in Chromium against the embedded product, the WhatsApp sandbox playing the
// customer: a customer's image (at a plain-http URL) is kept and shown from /api/media; the agent
// attaches one, watches it upload, and the phone gets exactly those bytes once.
describeWithBrowser('media journey', () => {
  let browser: BrowserHarness;
  let images: Server;
  let imagesUrl: string;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
    images = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG));
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    images?.close();
    await browser?.stop();
  });

  const outbox = async () =>
    (
      await browser.gateway.request<{ messages: SandboxOutboxEntry[] }>(
        'GET',
        `/api/sandbox/whatsapp/outbox?sessionId=${SESSION}`,
      )
    ).body.messages;

  it("a customer's picture is kept and shown; the agent sends one with a caption; an oversized file is refused", async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    for (const body of [
      {
        from: '5511966665555',
        name: 'Paula Reis',
        text: 'Olá! Segue a foto do defeito',
        providerMessageId: 'e2e-p1',
      },
      {
        from: '5511966665555',
        name: 'Paula Reis',
        type: 'image',
        mediaUrl: `${imagesUrl}/defeito.png`,
        providerMessageId: 'e2e-p2',
      },
    ]) {
      const res = await browser.gateway.request('POST', '/api/sandbox/whatsapp/inbound', {
        body: { sessionId: SESSION, ...body },
      });
      expect(res.status).toBe(200);
    }
    await page.getByRole('button', { name: /^Paula Reis, 2 mensagens não lidas/ }).click();
    const paula = page.getByRole('dialog', { name: 'Conversa com Paula Reis' });
    const log = paula.getByRole('log', { name: 'Mensagens' });
    await log.getByText('Olá! Segue a foto do defeito').waitFor();
    // Downloaded into the media store, then shown from there: never the customer's own URL.
    const theirs = log.getByRole('img', { name: '[Mídia: image]' });
    await theirs.waitFor();
    expect(await theirs.getAttribute('src')).toMatch(/^\/api\/media\//);
    // The bytes load (the page's CSP allows only this origin's and https images).
    await eventually(
      async () => (await theirs.evaluate((img: HTMLImageElement) => img.naturalWidth)) || undefined,
    );

    // The agent attaches a picture with the typed caption: a bubble at once, then the stored image.
    await paula.getByRole('textbox', { name: 'Mensagem' }).fill('Recebemos, obrigado! Veja a etiqueta');
    await paula
      .locator('input[type="file"]')
      .setInputFiles({ name: 'etiqueta.png', mimeType: 'image/png', buffer: TINY_PNG });
    const ours = log.getByRole('img', { name: 'Recebemos, obrigado! Veja a etiqueta' });
    await ours.waitFor();
    // The local preview while uploading; the stored file once the server took it.
    await eventually(async () =>
      (await ours.getAttribute('src'))?.startsWith('/api/media/') ? true : undefined,
    );
    expect(await paula.getByRole('textbox', { name: 'Mensagem' }).inputValue()).toBe('');
    const sent = await eventually(async () => (await outbox()).find((m) => m.type === 'image'));
    expect(sent).toMatchObject({
      content: 'Recebemos, obrigado! Veja a etiqueta',
      media: {
        sha256: sha256Hex(TINY_PNG),
        mimeType: 'image/png',
        fileName: 'etiqueta.png',
        size: TINY_PNG.length,
      },
    });

    // Over 16 MB: refused in the page with the limit in pt-BR, nothing uploaded.
    // 16 MB through the DevTools protocol takes a while on a busy machine.
    await paula.locator('input[type="file"]').setInputFiles(
      {
        name: 'grande.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([TINY_PNG, Buffer.alloc(16 * 1024 * 1024)]),
      },
      { timeout: 90_000 },
    );
    await paula.getByText('Arquivo maior que 16 MB').waitFor();

    // A reload shows both pictures from the media store again; the phone still has one copy.
    await page.reload();
    await log.getByRole('img', { name: 'Recebemos, obrigado! Veja a etiqueta' }).waitFor();
    await log.getByRole('img', { name: '[Mídia: image]' }).waitFor();
    expect((await outbox()).filter((m) => m.type === 'image')).toHaveLength(1);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 180_000);
});
