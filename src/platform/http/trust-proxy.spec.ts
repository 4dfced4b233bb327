import express from 'express';
import request from 'supertest';
import { rememberingTrust } from './trust-proxy';

describe('rememberingTrust', () => {
  it('asks the compiled trust once per address and hop and keeps its answer', () => {
    const asked: string[] = [];
    const trust = rememberingTrust((address, index) => {
      asked.push(`${index} ${address}`);
      return address === '127.0.0.1' && index === 0;
    });
    expect([
      trust('127.0.0.1', 0),
      trust('127.0.0.1', 0),
      trust('10.0.0.1', 0),
      trust('127.0.0.1', 1),
    ]).toEqual([true, true, false, false]);
    expect(trust('10.0.0.1', 0)).toBe(false);
    expect(asked).toEqual(['0 127.0.0.1', '0 10.0.0.1', '1 127.0.0.1']);
  });

  it('gives Express the same protocol and address as the setting it wraps', async () => {
    const app = express();
    app.set('trust proxy', 'loopback');
    app.set('trust proxy', rememberingTrust(app.get('trust proxy fn')));
    app.get('/', (req, res) => res.json({ protocol: req.protocol, ip: req.ip }));
    for (let i = 0; i < 2; i++) {
      const answer = await request(app)
        .get('/')
        .set({ 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' });
      expect(answer.body).toEqual({ protocol: 'https', ip: '203.0.113.7' });
    }
  });
});
