// whatsapp-web.js pulls puppeteer, whose postinstall would download Chrome (no internet here):
// use Debian's chromium instead.
module.exports = { skipDownload: true, executablePath: '/usr/bin/chromium' };
