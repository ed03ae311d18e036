// Why a file cannot be used, in words a merchant can act on. The message completes the sentence
// "<file> could not be used: …" and says what to do; library messages never reach it.
export class DecodeError extends Error {}
