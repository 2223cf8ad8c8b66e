import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { defaultValues, type WizardValues } from '../lib/wizard';
import { OPTIONS } from '../testing/options-fixture';
import { PricingFields } from './pricing-fields';

let latest: WizardValues | null = null;

function Harness({ initial }: { initial?: Partial<WizardValues> }) {
  const form = useForm<WizardValues>({ defaultValues: { ...defaultValues('display'), ...initial } });
  latest = form.watch();
  return <PricingFields form={form} options={OPTIONS} />;
}

const cappingTime = () => screen.getByTestId('field-cappingTime');

describe('PricingFields capping', () => {
  it('keeps the capping time disabled and empty while capping is 0', () => {
    renderWithProviders(<Harness />);
    expect(cappingTime()).toBeDisabled();
    expect(cappingTime()).toHaveValue('');
  });

  it('sets 24 hours when capping rises above 0 and clears the time when it goes back to 0', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const capping = screen.getByTestId('field-capping');
    await user.type(capping, '3');
    expect(cappingTime()).toBeEnabled();
    expect(cappingTime()).toHaveValue('24 hours');
    expect(latest).toMatchObject({ capping: 3, cappingTime: 86400 });
    await user.clear(capping);
    await user.type(capping, '0');
    expect(cappingTime()).toBeDisabled();
    expect(latest).toMatchObject({ capping: 0, cappingTime: 0 });
  });

  it('keeps a chosen capping time when capping changes between positive values', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={{ capping: 2, cappingTime: 3600 }} />);
    expect(cappingTime()).toHaveValue('1 hour');
    await user.type(screen.getByTestId('field-capping'), '5');
    expect(latest).toMatchObject({ capping: 25, cappingTime: 3600 });
  });
});

describe('PricingFields price', () => {
  it('moves a chosen price into the premium bounds when the traffic type changes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={{ price: 0.5 }} />);
    expect(screen.getByTestId('field-price')).toHaveValue('0.5');
    await user.click(screen.getByLabelText('Premium'));
    expect(latest?.price).toBe(3);
    expect(screen.getByTestId('ad-formats')).toHaveTextContent('contact an account manager');
  });

  it('the slider keyboard steps by 0.1 within the bounds', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={{ price: 19.95 }} />);
    const slider = screen.getByRole('slider', { name: 'CPM price slider' });
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(latest?.price).toBe(20);
  });
});
