/**
 * An SMTP server on a free port of 127.0.0.1 for the tests that send mail through the product's
 * own SMTP mailer: what each test needs of it (refused recipients, credentials, answers held back)
 * comes as options; the plain part — no TLS, the message collected, listen and close — is here once.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  /** The message as received (headers and body). */
  raw: Buffer;
  /** The envelope's recipients. */
  to: string[];
  /** Whom the server authenticated, when the sink asks for credentials. */
  user?: string;
  sessionId: string;
}

export interface SinkOptions {
  /** The SMTP error for a recipient (e.g. 550, 451), or undefined to accept it. */
  refuse?: (address: string) => { code: number; text: string } | undefined;
  /** The only credentials accepted; without them any client may send unauthenticated. */
  credentials?: { user: string; password: string };
  maxClients?: number;
  /**
   * Called once a message is complete; the server answers it when `answer` is called (without an
   * error: 250), so a test can hold answers back. Without it every message is accepted at once.
   */
  onMessage?: (message: SinkMessage, answer: (error?: Error) => void) => void;
  /** A client's connection ended. */
  onClose?: (sessionId: string) => void;
}

export interface SmtpSink {
  port: number;
  /** MAIL_URL for the app (plain SMTP, the server offers no STARTTLS). */
  url: string;
  stop(): Promise<void>;
}

const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const { credentials } = options;
  const server = new SMTPServer({
    authOptional: !credentials,
    allowInsecureAuth: Boolean(credentials),
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: options.maxClients,
    // A stopped sink closes the connections still open at once: a client's idle pool (the app's
    // nodemailer) would otherwise hold every test's teardown for smtp-server's default 30 s.
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials?.user && auth.password === credentials?.password)
        callback(null, { user: auth.username });
      else callback(new Error('Anmeldung fehlgeschlagen'));
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      callback(refusal ? smtpError(refusal.code, refusal.text) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = {
          raw: Buffer.concat(chunks),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          sessionId: session.id,
        };
        if (options.onMessage) options.onMessage(message, (error) => callback(error ?? null));
        else callback();
      });
    },
    onClose(session) {
      options.onClose?.(session.id);
    },
  });
  // A client that dies mid-session (a killed worker) resets its connection; that is the client's
  // business, not a failure of the server or the test.
  server.on('error', () => undefined);
  const port = await new Promise<number>((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () => resolve((listening.address() as AddressInfo).port));
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
