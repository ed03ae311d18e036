// What the outbox tests share: a headless app on a home folder without a keychain, and a PDF
// that is a document to the service (a distinct text makes each one a distinct file).
import { openHeadless } from '../../electron/headless.ts';
import { createRecordingNotifier } from '../../electron/platform/notifier.ts';
import { createKeyVault } from '../../electron/credentials/key-vault.ts';

export function tinyPdf(text: string): Buffer {
  const objects = '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n';
  return Buffer.from(`%PDF-1.4\n${objects}% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
}

export function headlessWithoutKeychain(home: string) {
  const vault = createKeyVault({
    keytarLoader: async () => {
      throw new Error('no keychain in this test');
    },
  });
  return { h: openHeadless({ home, notifier: createRecordingNotifier(), vault }), vault };
}
