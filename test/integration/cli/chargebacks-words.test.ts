// `dispute-desk chargebacks` says what the window's row says (issue 21): a decided chargeback its
// outcome, never "Overdue"; an answer waiting in the outbox where it stands, not "sent"; an open
// one counted to its send-by date (5 business days by default on a test deployment) with the reply
// date beside it; and `profile set` changes the buffer (0 allowed), refusing what is no buffer,
// and the shop's address (refusing one no receipt could be matched with).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { runCli } from './support.ts';
import { sendByOf } from '../../../shared/domain/send-by.ts';

const userHome = mkdtempSync(join(tmpdir(), 'dd-cli-words-user-'));
const noKeychain = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/dispute-desk-test-bus' };

type Row = {
  id: string;
  status: string;
  cycle: string;
  actionable: boolean;
  reply: number | null;
  sendBy: number | null;
  daysLeft: number | null;
  sendByDaysLeft: number | null;
  state: string;
};

test('chargebacks: outcomes not "overdue", answers waiting in the outbox, send-by dates; profile set', async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-cli-words-'));
  const sb = await startSandbox({ seed: 7, chargebacks: 60 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: userHome,
    ...noKeychain,
    DISPUTE_DESK_HOME: home,
    DISPUTE_DESK_API_KEY: sb.apiKey,
  };
  const cli = (args: string[]) => runCli(args, { env });
  const list = async (): Promise<Row[]> => {
    const r = await cli(['chargebacks', '--json']);
    assert.equal(r.status, 0, r.stderr);
    return (JSON.parse(r.stdout) as { rows: Row[] }).rows;
  };
  try {
    const added = await cli(['profile', 'add', '--name', 'Shop', '--deployment', 'test', '--url', sb.url]);
    assert.equal(added.status, 0, added.stderr);
    assert.equal((await cli(['sync'])).status, 0);
    let rows = await list();

    // Decided: the outcome, whatever the reply date (the seed's decided ones are long past theirs).
    const decided = rows.filter((r) => ['won', 'lost', 'closed'].includes(r.status));
    assert.ok(
      decided.some((r) => (r.daysLeft ?? 0) < 0),
      'some decided chargeback is past its reply date',
    );
    for (const r of decided) assert.equal(r.state, r.status[0]!.toUpperCase() + r.status.slice(1), r.id);
    const text = (await cli(['chargebacks'])).stdout.split('\n');
    for (const r of decided) {
      const line = text.find((l) => l.startsWith(r.id))!;
      assert.doesNotMatch(line, /Overdue/, line);
    }

    // Open: counted to the send-by date, 5 business days before the reply date; both shown.
    const ahead = rows.filter((r) => r.status === 'open' && r.actionable && (r.daysLeft ?? -1) > 7);
    assert.ok(ahead.length > 0, 'some open chargeback is more than a week from its reply date');
    for (const r of ahead) {
      assert.equal(r.sendBy, sendByOf(r.reply, 5), r.id);
      assert.match(r.state, /^(Send today|\d+ days? to send)$/, r.id);
    }
    const one = ahead[0]!;
    const iso = (v: number) => `${String(v).slice(0, 4)}-${String(v).slice(4, 6)}-${String(v).slice(6)}`;
    const line = text.find((l) => l.startsWith(one.id))!;
    assert.ok(line.includes(`send by ${iso(one.sendBy!)}`) && line.includes(`reply by ${iso(one.reply!)}`), line);
    // The dates are the service's days, the reply day ends there, and "send by" says what it is.
    assert.ok(
      text.includes(
        "Dates are the service's days (US Eastern): reply by = end of that day, US Eastern; " +
          "send by: 5 business days before it, as the processor's guidance asks.",
      ),
      text.at(-1),
    );
    // Past the send-by date but not the reply date: which date passed, which is ahead; never "due today".
    const late = rows.filter(
      (r) => r.status === 'open' && r.actionable && (r.sendByDaysLeft ?? 0) < 0 && (r.daysLeft ?? -1) >= 0,
    );
    for (const r of late)
      assert.match(
        r.state,
        /^Send-by date passed (yesterday|\d+ days ago) · (reply today|reply by tomorrow|\d+ days to reply)$/,
        r.id,
      );

    // An answer queued but not sent: the row says it waits, and it is not "sent".
    const target = ahead.find((r) => r.cycle === 'first');
    assert.ok(target, 'a first chargeback to respond to');
    const note = 'Delivered on 2 November, signed for.';
    const queued = await cli(['respond', target.id, '--type', 'respond', '--note', note]);
    assert.equal(queued.status, 0, queued.stderr);
    rows = await list();
    assert.equal(rows.find((r) => r.id === target.id)!.state, 'Answer: Waiting to send');

    // The buffer: 0 counts to the reply date itself; a negative one or a fraction is refused.
    const refused = await cli(['profile', 'set', 'Shop', '--send-by-days=-1']);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /--send-by-days must be a whole number of business days from 0 to 20/);
    assert.notEqual((await cli(['profile', 'set', 'Shop', '--send-by-days', '2.5'])).status, 0);
    assert.equal(rows.find((r) => r.id === one.id)!.sendBy, (await list()).find((r) => r.id === one.id)!.sendBy);
    const set = await cli(['profile', 'set', 'Shop', '--send-by-days', '0']);
    assert.equal(set.status, 0, set.stderr);
    assert.match(set.stdout, /send by 0 business days before the reply date \(the reply date itself\)/);
    const profiles = JSON.parse((await cli(['profile', 'list', '--json'])).stdout) as Array<{
      sendByBusinessDays: number;
    }>;
    assert.deepEqual(
      profiles.map((p) => p.sendByBusinessDays),
      [0],
    );
    const again = (await list()).find((r) => r.id === one.id)!;
    assert.equal(again.sendBy, again.reply);
    assert.equal(again.state, `${again.daysLeft} days left`);

    // The shop's address, read on receipts by batch matching: a town alone could never be found on
    // one, so it is refused and nothing is saved; a street address is kept; "" removes it.
    const addressOf = async () =>
      (JSON.parse((await cli(['profile', 'list', '--json'])).stdout) as Array<{ merchantAddress: string | null }>)[0]!
        .merchantAddress;
    const town = await cli(['profile', 'set', 'Shop', '--address', 'Portsmouth']);
    assert.notEqual(town.status, 0);
    assert.match(town.stderr, /--address refused: no street number and street name in "Portsmouth"/);
    assert.equal(await addressOf(), null);
    const street = await cli(['profile', 'set', 'Shop', '--address', '14 Quay Street, Portsmouth PO1 3AH']);
    assert.equal(street.status, 0, street.stderr);
    assert.match(street.stdout, /receipts are checked against the address 14 Quay Street, Portsmouth PO1 3AH/);
    assert.equal(await addressOf(), '14 Quay Street, Portsmouth PO1 3AH');
    assert.equal((await cli(['profile', 'set', 'Shop', '--send-by-days', '1'])).status, 0);
    assert.equal(await addressOf(), '14 Quay Street, Portsmouth PO1 3AH', 'another change keeps the address');
    assert.equal((await cli(['profile', 'set', 'Shop', '--address', ''])).status, 0);
    assert.equal(await addressOf(), null);
  } finally {
    await sb.close();
    rmSync(home, { recursive: true, force: true });
  }
});
