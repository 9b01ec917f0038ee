/** Toasts (storefront §9: a toast hides after 5 s; its own close button hides it at once). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './toasts.tsx';

function Trigger({ message }: { message: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(message, 'success')}>
      show {message}
    </button>
  );
}

function renderToasts() {
  render(
    <ToastProvider>
      <Trigger message="Payment method added" />
      <Trigger message="Billing address updated" />
    </ToastProvider>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('when a toast is shown, then it is announced politely and hides after exactly 5 s', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'show Payment method added' }));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Payment method added');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status').textContent).toContain('Payment method added');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).not.toContain('Payment method added');
  });

  it('when two toasts are shown apart, then each keeps its own 5 s, and the close button hides one at once', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'show Payment method added' }));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'show Billing address updated' }));
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('status').textContent).not.toContain('Payment method added');
    expect(screen.getByRole('status').textContent).toContain('Billing address updated');
    fireEvent.click(screen.getAllByRole('button').find((b) => b.closest('.toast'))!);
    expect(screen.getByRole('status').textContent).not.toContain('Billing address updated');
  });
});
