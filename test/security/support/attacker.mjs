// An outsider without a session, in a process of its own (as on another machine): `posters`
// clients keep posting 1 MB JSON bodies and `guesses` failed logins a second arrive from one
// address, for `seconds`. Prints the answers' status codes as JSON when done.
import { request } from 'node:http';

const [port, posters, guesses, seconds] = process.argv.slice(2).map(Number);
const body = Buffer.alloc(1024 * 1024, ' ');
const answers = {};
const count = (status) => (answers[status] = (answers[status] ?? 0) + 1);
const end = Date.now() + seconds * 1000;

function send(method, path, headers, payload) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    // The server closes the connection of a refused body before all of it went out.
    req.on('error', () => resolve('closed'));
    req.end(payload);
  });
}

const posting = Array.from({ length: posters }, async () => {
  while (Date.now() < end) {
    const headers = {
      'Content-Type': 'application/json',
      'Content-Length': body.length,
      'X-Api-Request': '1',
    };
    count(await send('POST', '/node/api/benutzer', headers, body));
  }
});
const pending = [];
const guessing = setInterval(() => {
  const login = JSON.stringify({ user: 'admin', password: `geraten-${Math.random()}` });
  const headers = {
    'Content-Type': 'application/json',
    'X-Api-Request': '1',
    'X-Forwarded-For': '203.0.113.7',
  };
  pending.push(send('POST', '/node/login', headers, login).then(count));
}, 1000 / guesses);
await Promise.all(posting);
clearInterval(guessing);
await Promise.all(pending);
process.stdout.write(JSON.stringify(answers));
