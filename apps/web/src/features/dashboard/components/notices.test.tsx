import { configure, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import type { BillingProfileView } from '@cryptads/contract/billing-profile';
import { billingDetailsEndpoints as api } from '@cryptads/contract/endpoints/billing-details';
import type { UserDetails } from '@cryptads/contract/user';
import { saveSession } from '../../../lib/session';
import { answer, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { DashboardNotices } from './notices';

configure({ asyncUtilTimeout: 5000 });

const USER: UserDetails = {
  alias: 'Ada',
  firstName: 'Ada',
  lastName: 'Tester',
  email: 'ada@example.com',
  type: 1,
  balance: 100,
  kycVerified: 0,
  pendingDelete: false,
  delete: null,
  currentSignedTerms: 1,
  com: 'ada',
  campaigns: { active: 0, paused: 0, pending: 0, total: 0 },
  overrideRedirecting: false,
  secureStatus: 0,
};

const PROFILE: BillingProfileView = {
  isCompany: false,
  name: 'Ada Tester',
  firstName: 'Ada',
  lastName: 'Tester',
  address: '1 Quay Street, Galway',
  number: '',
  vatCode: '',
  vatValid: false,
  country: 'IE',
  vat: 23,
  kycVerified: 0,
  docVerification: 0,
  docReason: null,
  blockedDeposit: false,
  blockedDepositCoingate: false,
  blockedDepositStripe: false,
  publisherPaymentOptions: null,
  complete: true,
  verification: 'pending',
  vatCheck: null,
  withdrawAvailable: false,
  kycAvailable: false,
  selfBillingAgreed: false,
};

beforeEach(() => saveSession({ userType: 1 }));

describe('the dashboard’s verification notice', () => {
  it('tells an advertiser whose details are saved and documents sent that the documents are under review', async () => {
    serve(answer(api.profile, PROFILE));
    renderWithProviders(<DashboardNotices user={USER} />);
    expect(await screen.findByText('Documents under review')).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.underReview)).toBeInTheDocument();
    expect(screen.queryByText(/We need your identification details/)).not.toBeInTheDocument();
  });

  it('asks for the identification details only while they are missing', async () => {
    serve(answer(api.profile, { ...PROFILE, complete: false, verification: 'unverified' }));
    renderWithProviders(<DashboardNotices user={USER} />);
    expect(await screen.findByText(/We need your identification details before money can move/)).toBeInTheDocument();
  });

  it('asks for documents once the details are saved', async () => {
    serve(answer(api.profile, { ...PROFILE, verification: 'unverified' }));
    renderWithProviders(<DashboardNotices user={USER} />);
    expect(await screen.findByRole('link', { name: 'Upload documents' })).toHaveAttribute(
      'href',
      '/billing/details/upload-documents/',
    );
  });

  it('says nothing once the identity is verified', async () => {
    serve(answer(api.profile, PROFILE));
    renderWithProviders(<DashboardNotices user={{ ...USER, kycVerified: 1 }} />);
    expect(screen.queryByTestId('kyc-warning')).not.toBeInTheDocument();
  });
});
