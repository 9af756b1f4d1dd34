/**
 * The ledger: append-only, double-entry, one entry per business event (its idempotency key), balances never below
 * zero except the outside world's accounts. Not a Fastify module: a library other modules post to inside their
 * own transactions (pay today; coins and activities next). docs/payments.md describes the accounts.
 */
export { postEntry, InsufficientBalance, type AccountRef, type EntryRequest } from './services/ledger';
export { balanceOf, balancesOf, ledgerProblems, type LedgerUnit } from './repositories/ledger';
export { LEDGER_ACCOUNTS } from './accounts';
