import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMailer } from './file-mailer';
import { MailDeliveryError } from './mailer';

describe('FileMailer', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'vv-file-mailer-'));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  test('creates the directory and writes one sortable, unique .eml per message', async () => {
    const dir = join(root, 'data', 'outbox');
    const mailer = new FileMailer(dir, 'Verband <noreply@verband.test>');

    const first = await mailer.send({ to: 'a@example.test', subject: 'Erste', text: 'eins' });
    const second = await mailer.send({ to: 'b@example.test', subject: 'Zweite', text: 'zwei' });

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files)
      expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[A-Za-z0-9._-]+\.eml$/);
    expect(files[0] <= files[1]).toBe(true);
    const [one, two] = await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')));
    expect(one).toContain(`Message-ID: ${first.messageId}\r\n`);
    expect(two).toContain(`Message-ID: ${second.messageId}\r\n`);
    expect(one).toContain('From: Verband <noreply@verband.test>\r\n');
  });

  test('reports an outbox it cannot write to as a MailDeliveryError', async () => {
    await writeFile(join(root, 'datei'), '');
    const mailer = new FileMailer(join(root, 'datei', 'outbox'), 'x@verband.test');

    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow(
      MailDeliveryError,
    );
  });
});
