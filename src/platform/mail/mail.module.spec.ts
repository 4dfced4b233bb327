import { ConfigModule, registerAs } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { FileMailer } from './file-mailer';
import { createMailer, MailModule } from './mail.module';
import { Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

describe('createMailer', () => {
  test('writes files for file:dir', () => {
    expect(createMailer({ kind: 'file', dir: 'data/outbox', from: 'x@verband.test' })).toBeInstanceOf(
      FileMailer,
    );
  });

  test('sends through SMTP for smtp:// URLs', async () => {
    const mailer = createMailer({ kind: 'smtp', url: 'smtp://127.0.0.1:2525', from: 'x@verband.test' });
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.close();
  });

  test("knows its pool's connections: maxConnections of the URL, else nodemailer's 5", async () => {
    const gesetzt = createMailer({
      kind: 'smtp',
      url: 'smtp://127.0.0.1:2525?maxConnections=12',
      from: 'x@verband.test',
    });
    const standard = createMailer({ kind: 'smtp', url: 'smtp://127.0.0.1:2525', from: 'x@verband.test' });
    expect([gesetzt.verbindungen, standard.verbindungen]).toEqual([12, 5]);
    await Promise.all([gesetzt.close(), standard.close()]);
  });
});

describe('MailModule', () => {
  test('provides the mailer from the mail namespace and closes it on shutdown', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot({
          ignoreEnvFile: true,
          load: [
            registerAs('mail', () => ({
              kind: 'smtp',
              url: 'smtp://127.0.0.1:2525',
              from: 'x@verband.test',
            })),
          ],
        }),
        MailModule,
      ],
    }).compile();
    const mailer = moduleRef.get(Mailer);
    expect(mailer).toBeInstanceOf(SmtpMailer);
    const close = jest.spyOn(mailer, 'close');

    await moduleRef.close();
    expect(close).toHaveBeenCalled();
  });
});
