/**
 * Sandbox mode's native 3-D Secure 2 challenge (issue 14): approve or refuse, and the
 * component's additional details (details.threeDSResult: transStatus and the action's
 * authorisationToken, as Adyen's component sends them with onAdditionalDetails) go on.
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../../../catalogues/en.json' with { type: 'json' };
import { SandboxChallenge } from './sandbox-challenge.tsx';

const action = { type: 'threeDS2' as const, subtype: 'challenge', token: 'tok', authorisationToken: 'auth-123' };

const decoded = (onDetails: ReturnType<typeof vi.fn>) => {
  const { details } = onDetails.mock.calls[0]![0] as { details: { threeDSResult: string } };
  return JSON.parse(atob(details.threeDSResult)) as unknown;
};

describe('SandboxChallenge', () => {
  it.each([
    [en.checkout.card.challenge.approve, 'Y'],
    [en.checkout.card.challenge.refuse, 'N'],
  ])(
    'when "%s" is pressed, then the threeDSResult says transStatus %s with the authorisationToken',
    async (name, transStatus) => {
      const onDetails = vi.fn();
      render(<SandboxChallenge action={action} disabled={false} onDetails={onDetails} />);
      expect(screen.getByRole('heading', { name: en.checkout.card.challenge.title })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name }));
      expect(onDetails).toHaveBeenCalledTimes(1);
      expect(decoded(onDetails)).toEqual({ transStatus, authorisationToken: 'auth-123' });
    },
  );

  it('when disabled, then neither button answers', () => {
    render(<SandboxChallenge action={action} disabled onDetails={vi.fn()} />);
    expect(
      (screen.getByRole('button', { name: en.checkout.card.challenge.approve }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: en.checkout.card.challenge.refuse }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
