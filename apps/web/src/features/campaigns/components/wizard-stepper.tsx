import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The wizard's step header (docs/product/campaigns.md#wizards "Wizard steppers"): steps already completed can be
 * clicked to go back to them; the current and later ones cannot.
 */
export function WizardStepper({
  steps,
  active,
  reached,
  onSelect,
}: {
  steps: readonly string[];
  /** The step shown now (0-based). */
  active: number;
  /** The furthest step the person has reached; every step before it is completed. */
  reached: number;
  onSelect: (step: number) => void;
}) {
  // Four labelled steps do not fit a phone's width side by side.
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Stepper
      orientation={narrow ? 'vertical' : 'horizontal'}
      active={active}
      onStepClick={(step) => {
        if (step < reached && step !== active) onSelect(step);
      }}
      size="sm"
      iconSize={32}
      wrap
      data-testid="wizard-stepper"
    >
      {steps.map((label, index) => {
        const completed = index < reached && index !== active;
        return (
          <Stepper.Step
            key={label}
            label={label}
            allowStepSelect={completed}
            data-testid={`wizard-step-${index + 1}`}
            data-completed={completed || undefined}
            aria-current={index === active ? 'step' : undefined}
          />
        );
      })}
    </Stepper>
  );
}
