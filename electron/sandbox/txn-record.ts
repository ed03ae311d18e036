// A transaction with every field the core API records (github outlawpractice/payrix-rs
// `tests/mock_data/transactions.json`), for the writers that make one outside the portfolio's own
// loop: the card histories (card-histories.ts) and a chargeback the admin opens. A field the
// writer does not know stays null, as the real service leaves most personal fields.
type Rec = Record<string, unknown>;

export interface TxnFields {
  id: string;
  /** `YYYY-MM-DD HH:MM:SS.ffff` Eastern: `created`, `modified` and `captured`. */
  ts: string;
  merchant: string | null;
  login: string | null;
  /** The payment method's ID: the same for every use of one card. */
  payment: string;
  /** The card's token (32 hex digits in the recordings). */
  token: string;
  total: number;
  currency?: string;
  /** 1 approved, 4 settled... (recorded: 1, 2, 4). */
  status?: number;
  /** 1 a card sale, 5 a refund (of `fortxn`). */
  type?: number;
  fortxn?: string | null;
  refunded?: number;
  /** The rest, by their recorded names (clientIp, email, address1, origin, entryMode ...). */
  more?: Rec;
}

export function txnRecord(t: TxnFields): Rec {
  return {
    id: t.id,
    created: t.ts,
    modified: t.ts,
    creator: t.login,
    modifier: t.login,
    ipCreated: null,
    ipModified: null,
    merchant: t.merchant,
    token: t.token,
    payment: t.payment,
    fortxn: t.fortxn ?? null,
    fromtxn: null,
    batch: null,
    subscription: null,
    type: t.type ?? 1,
    expiration: null,
    currency: t.currency ?? 'USD',
    platform: null,
    authDate: null,
    authCode: null,
    captured: t.ts.slice(0, 19),
    settled: null,
    settledCurrency: t.currency ?? 'USD',
    settledTotal: t.total,
    allowPartial: 0,
    order: '',
    description: null,
    descriptor: null,
    terminal: null,
    terminalCapability: null,
    entryMode: null,
    origin: 2,
    tax: null,
    total: t.total,
    cashback: null,
    authorization: null,
    approved: t.total,
    cvv: 1,
    swiped: 0,
    emv: 0,
    signature: 0,
    unattended: null,
    clientIp: null,
    first: null,
    middle: null,
    last: null,
    company: null,
    email: null,
    address1: null,
    address2: null,
    city: null,
    state: null,
    zip: null,
    country: null,
    phone: null,
    status: t.status ?? 1,
    refunded: t.refunded ?? 0,
    reserved: 0,
    misused: 0,
    imported: 0,
    inactive: 0,
    frozen: 0,
    discount: 0,
    shipping: 0,
    duty: 0,
    pin: 0,
    traceNumber: null,
    cvvStatus: null,
    unauthReason: null,
    fee: null,
    fundingCurrency: t.currency ?? 'USD',
    authentication: null,
    authenticationId: null,
    cofType: 'single',
    copyReason: null,
    originalApproved: t.total,
    currencyConversion: null,
    serviceCode: null,
    authTokenCustomer: null,
    debtRepayment: 0,
    statement: null,
    convenienceFee: 0,
    surcharge: null,
    channel: null,
    funded: null,
    fundingEnabled: 1,
    requestSequence: 1,
    processedSequence: 1,
    ...t.more,
  };
}
