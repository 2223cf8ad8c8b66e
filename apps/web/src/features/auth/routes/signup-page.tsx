import { Stepper } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import type { PendingSignup } from '@cryptads/contract/auth';
import { useHydrated } from '../../../lib/hydration';
import { refreshSession } from '../../../lib/session';
import { AuthHeading } from '../components/auth-heading';
import { DetailsStep } from '../components/signup/details-step';
import { RoleStep, type SignupRole } from '../components/signup/role-step';
import { VerifyEmailStep } from '../components/signup/verify-email-step';
import { clearPendingSignup, readPendingSignup, savePendingSignup } from '../pending-signup';

const STEP = { SelectRole: 0, FormDetails: 1, VerifyEmail: 2 } as const;

/** Sign-up in three steps (docs/product/account.md#sign-up, #session-and-states); a saved pending record resumes at step 3. */
export function SignupPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referrer = searchParams.get('ref');
  // A pending sign-up is this browser's (localStorage): the page prerendered at build, and its
  // hydration, start at the first step, and the saved record resumes once hydrated.
  const hydrated = useHydrated();
  const [pending, setPending] = useState<PendingSignup | null>(() => (hydrated ? readPendingSignup() : null));
  const [step, setStep] = useState<number>(pending ? STEP.VerifyEmail : STEP.SelectRole);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the hydrated page reads the browser's record.
  useEffect(() => {
    if (hydrated || pending) return;
    const saved = readPendingSignup();
    if (!saved) return;
    setPending(saved);
    setStep(STEP.VerifyEmail);
  }, []);
  const [role, setRole] = useState<SignupRole | null>(null);

  const registered = (record: PendingSignup) => {
    savePendingSignup(record);
    setPending(record);
    setStep(STEP.VerifyEmail);
  };

  const getStarted = () => {
    if (!pending) return;
    // The confirmed email made the cookie's session a full one (and set its account type).
    refreshSession();
    clearPendingSignup();
    void navigate(paths.home, { replace: true });
  };

  const alreadyVerified = () => {
    clearPendingSignup();
    void navigate(paths.home, { replace: true });
  };

  // Once the account exists, the earlier steps are closed.
  const canGoBack = (index: number) => step < STEP.VerifyEmail && index < step;

  return (
    <>
      <AuthHeading title="Create your account">
        Join the finance & crypto advertising network in three steps.
      </AuthHeading>
      <Stepper
        active={step}
        onStepClick={(index) => canGoBack(index) && setStep(index)}
        allowNextStepsSelect={false}
        size="sm"
        data-testid="signup-stepper"
      >
        <Stepper.Step label="Select role" allowStepSelect={canGoBack(STEP.SelectRole)}>
          <RoleStep role={role} onChange={setRole} onNext={() => role !== null && setStep(STEP.FormDetails)} />
        </Stepper.Step>
        <Stepper.Step label="Form details" allowStepSelect={canGoBack(STEP.FormDetails)}>
          {role !== null ? (
            <DetailsStep
              role={role}
              referrer={referrer}
              onPrevious={() => setStep(STEP.SelectRole)}
              onRegistered={registered}
            />
          ) : null}
        </Stepper.Step>
        <Stepper.Step label="Verify email" allowStepSelect={false}>
          {pending ? (
            <VerifyEmailStep pending={pending} onGetStarted={getStarted} onAlreadyVerified={alreadyVerified} />
          ) : null}
        </Stepper.Step>
      </Stepper>
    </>
  );
}
