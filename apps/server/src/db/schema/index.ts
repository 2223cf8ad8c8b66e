// The one schema object Drizzle needs; each domain keeps its tables in its own file.
export * from './announcements';
export * from './billing-profile';
export * from './campaigns';
export * from './delivery-stream';
export * from './events';
export * from './invoices';
export * from './ledger';
export * from './notifications';
export * from './payments';
export * from './referral';
export * from './settings';
export * from './system';
export * from './terms';
export * from './users';
export * from './websites';
export * from './stats';
export * from './marketplace';
