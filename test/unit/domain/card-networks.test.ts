// Networks by name (issue 22): one rule tells a chargeback's network from its reason code's form;
// the tables agree with it for every code the contract lists; a code of no known form says it does
// not know, and nothing anywhere says "Network 1".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cardNetworkOf, networkFromSaved, networkName, networkNumber } from '../../../shared/domain/card-networks.ts';
import { explainReasonCode, plainReasonCode, reasonCodes } from '../../../shared/domain/reason-codes.ts';
import { searchAlternatives } from '../../../shared/domain/inbox-search.ts';

test('each network by its code forms, prefixed or plain, any case', () => {
  const cases: Record<string, string> = {
    '10.4': 'Visa',
    '13.1': 'Visa',
    V1040: 'Visa',
    v1305: 'Visa',
    'V13.5': 'Visa',
    ' 12.7 ': 'Visa',
    '4837': 'Mastercard',
    '4860': 'Mastercard',
    F29: 'American Express',
    C08: 'American Express',
    P05: 'American Express',
    FR2: 'American Express',
    UA01: 'Discover',
    ua02: 'Discover',
    AT: 'Discover',
    RG: 'Discover',
    RN2: 'Discover',
  };
  for (const [code, name] of Object.entries(cases)) assert.equal(networkName(cardNetworkOf(code)), name, code);
});

test('a code of no known form is "Card network unknown", never a guess', () => {
  for (const code of ['', '   ', '9.1', '14.1', '4937', '48371', 'ZZ9', 'F2', 'V9999', '1305', 'UA1', 'X']) {
    assert.equal(cardNetworkOf(code), undefined, code);
    assert.equal(networkName(cardNetworkOf(code)), 'Card network unknown', code);
  }
  assert.equal(explainReasonCode('V9999').network, undefined);
  // A code not in the tables but of a network's form still names the network.
  assert.equal(explainReasonCode('13.99').network, 'visa');
  assert.equal(explainReasonCode('4899').network, 'mastercard');
});

test('both prefixed forms of a Visa code read as the code: V1305 is 13.5, V1040 and V1004 are 10.4', () => {
  assert.equal(plainReasonCode('V1305'), '13.5');
  assert.equal(plainReasonCode('V1040'), '10.4');
  assert.equal(plainReasonCode('v1004'), '10.4');
  assert.equal(plainReasonCode('V1310'), '13.1');
  assert.equal(explainReasonCode('V1040').category, 'fraud-card-absent');
  assert.ok(searchAlternatives('10.4').includes('v1040') && searchAlternatives('10.4').includes('v1004'));
});

test("the tables' network for every contract code is the one its form names", () => {
  for (const r of reasonCodes) assert.equal(cardNetworkOf(r.code), r.network, r.code);
});

test("the contract's numbers 1 to 4 are Visa, Mastercard, American Express, Discover, both ways", () => {
  assert.deepEqual(
    [1, 2, 3, 4].map((n) => networkName(networkFromSaved(n))),
    ['Visa', 'Mastercard', 'American Express', 'Discover'],
  );
  for (const n of [1, 2, 3, 4]) assert.equal(networkNumber(networkFromSaved(n)!), n);
  assert.equal(networkFromSaved(5), undefined);
  assert.equal(networkFromSaved(0), undefined);
  assert.equal(networkFromSaved('visa'), 'visa');
  assert.equal(networkFromSaved('Network 1'), undefined);
});

test('no screen, command or letter writes "Network 1" to "Network 4" (a text the app shows starts with one)', () => {
  const root = new URL('../../../', import.meta.url).pathname;
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && /['"`]Network (\$\{|[1-4]\b)/.test(readFileSync(path, 'utf8')))
        found.push(path.slice(root.length));
    }
  };
  for (const dir of ['shared', 'electron', 'renderer']) walk(join(root, dir));
  assert.deepEqual(found, []);
});
