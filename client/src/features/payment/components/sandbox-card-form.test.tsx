/**
 * Sandbox mode's stand-in for Adyen's secured fields (DESIGN.md sandbox card form): what it hands
 * over is what the Adyen card component's state.data holds, the encrypted fields and the browserInfo
 * and origin Adyen requires for 3-D Secure 2 on the web (docs.adyen.com/online-payments/3d-secure/api-reference),
 * built as Adyen Web builds them.
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { maxLengths } from '../../../../../generated/proxy/max-lengths.ts';

const tokenize = vi.hoisted(() => vi.fn());
vi.mock('../api/tokenize-sandbox-card.ts', () => ({ useTokenizeSandboxCard: () => tokenize }));

const { SandboxCardForm } = await import('./sandbox-card-form.tsx');

describe('SandboxCardForm for Adyen', () => {
  it("when a card is submitted, then the order gets the component's state.data: encrypted card, browserInfo and origin", async () => {
    tokenize.mockResolvedValue({
      encryptedCardNumber: 'test_4000002760003184',
      encryptedExpiryMonth: 'test_12',
      encryptedExpiryYear: 'test_2030',
      encryptedSecurityCode: 'test_123',
    });
    const onPay = vi.fn().mockResolvedValue(undefined);
    render(<SandboxCardForm provider="adyen" disabled={false} submitLabel="Pay" onPay={onPay} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), '4000002760003184');
    await user.type(screen.getByLabelText('Expiry date'), '1230');
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.type(screen.getByLabelText('Cardholder name'), 'Alex Owner');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(onPay).toHaveBeenCalled());
    expect(onPay).toHaveBeenCalledWith({
      provider: 'adyen',
      paymentMethodType: 'CREDIT_CARD',
      adyenStateData: {
        paymentMethod: {
          type: 'scheme',
          encryptedCardNumber: 'test_4000002760003184',
          encryptedExpiryMonth: 'test_12',
          encryptedExpiryYear: 'test_2030',
          encryptedSecurityCode: 'test_123',
          holderName: 'Alex Owner',
        },
        browserInfo: {
          acceptHeader: '*/*',
          javaEnabled: false,
          colorDepth: window.screen.colorDepth,
          language: window.navigator.language,
          screenHeight: window.screen.height,
          screenWidth: window.screen.width,
          userAgent: window.navigator.userAgent,
          timeZoneOffset: new Date().getTimezoneOffset(),
        },
        origin: window.location.origin,
        clientStateDataIndicator: true,
      },
    });
  });
});

describe('the card form without Zod', () => {
  it("when the form renders, then the holder's name has the contract's maxLength (tokenizeSandboxCard's body)", () => {
    render(<SandboxCardForm provider="stripe" disabled={false} submitLabel="Pay" onPay={vi.fn()} />);
    expect(screen.getByLabelText('Cardholder name').getAttribute('maxlength')).toBe(
      String(maxLengths.SandboxCardRequest.holderName),
    );
  });
});
