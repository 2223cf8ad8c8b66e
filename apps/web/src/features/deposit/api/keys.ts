/**
 * Query keys of the deposit screens. A deposit that opens, completes or is reset invalidates
 * `depositKeys.all` (and the current user, whose balance the header shows).
 */
export const depositKeys = {
  all: ['deposit'] as const,
  overview: () => [...depositKeys.all, 'overview'] as const,
  openCrypto: () => [...depositKeys.all, 'open-crypto'] as const,
  bankTransfer: () => [...depositKeys.all, 'bank-transfer'] as const,
  payment: (paymentId: string, action: 'check' | 'cancel') =>
    [...depositKeys.all, 'payment', paymentId, action] as const,
  start: (method: 'card' | 'crypto') => [...depositKeys.all, 'start', method] as const,
  startBank: () => [...depositKeys.all, 'start', 'bank_transfer'] as const,
  cancel: () => [...depositKeys.all, 'cancel'] as const,
};
