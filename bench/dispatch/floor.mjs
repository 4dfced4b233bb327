/**
 * The floor of `bench/dispatch` (a child process of run.mjs): a bare nodemailer pool, as large as
 * the app's, sending pre-rendered messages — the message the dispatch rendered, copied per
 * recipient with its own To and Message-ID — into the same sink. Nothing is rendered or recorded:
 * what is left is the cost of SMTP itself. Gets `{ url, maxConnections, raw, from, empfaenger }`
 * over IPC and answers `{ type: 'fertig', ms, fehler }` (ms from the first send to the last answer).
 */
import { createTransport } from 'nodemailer';

process.once('message', async ({ url, maxConnections, raw, from, empfaenger }) => {
  const transport = createTransport({ url, pool: true, maxConnections });
  const kopf = raw.indexOf('\r\n\r\n');
  const kopfzeilen = raw
    .slice(0, kopf)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
    .filter((zeile) => !/^(To|Message-ID):/i.test(zeile))
    .join('\r\n');
  const rumpf = raw.slice(kopf);
  const nachrichten = empfaenger.map((to, i) => ({
    envelope: { from, to },
    raw: `To: ${to}\r\nMessage-ID: <floor.${i}@bench.invalid>\r\n${kopfzeilen}${rumpf}`,
  }));
  const start = performance.now();
  const ergebnisse = await Promise.allSettled(nachrichten.map((nachricht) => transport.sendMail(nachricht)));
  const ms = performance.now() - start;
  transport.close();
  process.send({ type: 'fertig', ms, fehler: ergebnisse.filter((e) => e.status === 'rejected').length });
});
