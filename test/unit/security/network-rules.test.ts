import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceUrlProblem, bindAddressProblem, isLoopbackHost, urlParts } from '../../../shared/network.ts';
import { newProfileSchema } from '../../../shared/profiles.ts';

test('a key goes over https anywhere, over http only to this computer (or a LAN sandbox when allowed)', () => {
  for (const ok of [
    'https://api.example.com/v1',
    'http://127.0.0.1:4010',
    'http://localhost:4300/',
    'http://[::1]:4010',
    'HTTP://LOCALHOST',
  ]) {
    assert.equal(serviceUrlProblem(ok), undefined, ok);
  }
  for (const bad of [
    'http://api.example.com',
    'http://192.168.1.20:4300',
    'http://0.0.0.0:4300',
    'http://127.0.0.1@evil.example/',
    'http://evil.example\\@127.0.0.1/',
    'http://127.0.0.1.evil.example/',
    'ftp://127.0.0.1/',
    'not a url',
  ]) {
    assert.ok(serviceUrlProblem(bad), `${bad} should be refused`);
  }
  assert.match(serviceUrlProblem('http://api.example.com')!, /unencrypted/);
  assert.equal(
    serviceUrlProblem('http://192.168.1.20:4300', { httpOnLan: true }),
    undefined,
    'the explicit LAN opt-in',
  );
  assert.equal(serviceUrlProblem('http://10.1.2.3', { httpOnLan: true }), undefined);
  assert.match(
    serviceUrlProblem('http://api.example.com', { httpOnLan: true })!,
    /neither/,
    'the LAN opt-in is no licence for the internet',
  );
  assert.match(serviceUrlProblem('http://192.0.2.2:80', { httpOnLan: true })!, /neither/);
  assert.deepEqual(urlParts('http://user:pw@Host.Example:8080/x'), { scheme: 'http', host: 'host.example' });
  assert.ok(isLoopbackHost('127.9.9.9') && !isLoopbackHost('128.0.0.1'));
});

test(
  'the receiver listens on loopback unless the merchant ' + 'chose the network; the profile schemas apply both rules',
  () => {
    assert.equal(bindAddressProblem('127.0.0.1'), undefined);
    assert.equal(bindAddressProblem('::1'), undefined);
    assert.match(bindAddressProblem('0.0.0.0')!, /reachable from other computers/);
    assert.equal(bindAddressProblem('0.0.0.0', { onNetwork: true }), undefined);
    const base = { name: 'Shop', deployment: 'core', url: 'http://api.example.com' } as const;
    const refused = newProfileSchema.safeParse(base);
    assert.ok(
      !refused.success && refused.error.issues.some((i) => i.path.join('.') === 'url' && /https/.test(i.message)),
    );
    const wide = newProfileSchema.safeParse({
      ...base,
      url: 'https://api.example.com',
      alertReceiver: { enabled: true, bindAddress: '0.0.0.0', port: 8787 },
    });
    assert.ok(!wide.success && wide.error.issues.some((i) => i.path.join('.') === 'alertReceiver.bindAddress'));
    assert.ok(
      newProfileSchema.safeParse({
        ...base,
        url: 'https://api.example.com',
        alertReceiver: { enabled: true, bindAddress: '0.0.0.0', onNetwork: true, port: 8787 },
      }).success,
    );
  },
);

test('only 127.0.0.0/8, ::1 and the literal localhost are this computer: *.localhost is not', () => {
  for (const host of ['127.0.0.1', '127.255.255.254', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1'])
    assert.equal(isLoopbackHost(host), true, host);
  for (const host of [
    'x.localhost',
    'evil.localhost',
    'localhost.',
    'localhost.evil.example',
    '127.256.0.1',
    '0.0.0.0',
  ])
    assert.equal(isLoopbackHost(host), false, host);
  assert.match(serviceUrlProblem('http://x.localhost:4010')!, /unencrypted/, 'no key over plain http to x.localhost');
  assert.match(serviceUrlProblem('http://api.localhost/')!, /https/);
  assert.match(bindAddressProblem('x.localhost')!, /reachable from other computers/);
});
