import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LockedPriceInput } from './LockedPriceInput.tsx';

function renderInput(verified: boolean) {
  const onLockedUse = vi.fn();
  const onChange = vi.fn();
  render(
    <>
      <label htmlFor="price">Price</label>
      <LockedPriceInput
        id="price"
        aria-describedby={undefined}
        aria-invalid={false}
        verified={verified}
        onLockedUse={onLockedUse}
        value=""
        onChange={onChange}
      />
      <button type="button">Next</button>
    </>,
  );
  return { onLockedUse, onChange, input: screen.getByRole('textbox', { name: 'Price' }) };
}

describe('LockedPriceInput', () => {
  it('for an unverified user takes no price: a click or a key asks to verify instead', async () => {
    const { onLockedUse, onChange, input } = renderInput(false);
    expect(input).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(input);
    await userEvent.keyboard('5');
    expect(onLockedUse).toHaveBeenCalledTimes(2);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lets Tab move on without counting as an attempt', async () => {
    const { onLockedUse, input } = renderInput(false);
    input.focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(onLockedUse).not.toHaveBeenCalled();
  });

  it('for a verified user is a plain input', async () => {
    const { onLockedUse, onChange, input } = renderInput(true);
    expect(input).not.toHaveAttribute('aria-disabled');
    await userEvent.type(input, '5');
    expect(onChange).toHaveBeenCalled();
    expect(onLockedUse).not.toHaveBeenCalled();
  });
});
