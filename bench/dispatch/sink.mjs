/**
 * The SMTP sink of `bench/dispatch` (a child process of run.mjs, talking over IPC): accepts every
 * message, reads it to the end as a real server must, and counts per recipient, so that the run can
 * check that each address got exactly one message. Answers `{ type: 'stand' }` with the counts,
 * `{ type: 'probe' }` with the first message received (the floor sends copies of it), and
 * `{ type: 'reset' }` by forgetting everything.
 */
import { SMTPServer } from 'smtp-server';

let proEmpfaenger = new Map();
let nachrichten = 0;
let erste = null;
let letzte = null;
let probe = null;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // As many connections as the senders open; smtp-server's default would refuse none either.
  maxClients: 1000,
  onData(stream, session, callback) {
    const chunks = probe === null ? [] : null;
    stream.on('data', (chunk) => chunks?.push(chunk));
    stream.on('end', () => {
      const jetzt = Date.now();
      erste ??= jetzt;
      letzte = jetzt;
      nachrichten++;
      if (chunks && probe === null)
        probe = { raw: Buffer.concat(chunks).toString('utf8'), from: session.envelope.mailFrom.address };
      for (const rcpt of session.envelope.rcptTo)
        proEmpfaenger.set(rcpt.address, (proEmpfaenger.get(rcpt.address) ?? 0) + 1);
      callback();
    });
  },
});

// A killed sender leaves its connections reset (the crash variant): that ends the connection, not the sink.
server.on('error', () => undefined);

server.listen(0, '127.0.0.1', () => process.send({ type: 'bereit', port: server.server.address().port }));

process.on('message', (message) => {
  if (message.type === 'stand') {
    let doppelt = 0;
    for (const anzahl of proEmpfaenger.values()) if (anzahl > 1) doppelt++;
    process.send({
      type: 'stand',
      nachrichten,
      empfaenger: proEmpfaenger.size,
      doppelt,
      // When the first and the last message arrived (epoch ms: comparable across processes).
      erste,
      letzte,
    });
  } else if (message.type === 'probe') process.send({ type: 'probe', probe });
  else if (message.type === 'reset') {
    proEmpfaenger = new Map();
    nachrichten = 0;
    erste = letzte = null;
    process.send({ type: 'reset' });
  } else if (message.type === 'ende') server.close(() => process.exit(0));
});
