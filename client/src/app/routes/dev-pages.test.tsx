/** The test and developer pages of storefront §2 (outside production). */
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../lib/analytics.ts';
import { SESSION_STUB, stubApi } from '../../testing/api-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => window.localStorage.clear());

describe('developer pages', () => {
  it('when /test is sent without an identifier, then it asks for one; with one, the renewal link opens with the flags', async () => {
    const { router } = renderApp('/en-GB/test');
    // Every location the router took: the renewal page, reading from the tests' 404 stub, moves on to
    // an error page, sometimes before a check of the current location could see it.
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname + state.location.search));
    await userEvent.click(await screen.findByRole('button', { name: 'Open the renewal page' }));
    expect(await screen.findByText('Please enter the identifier.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Identifier value'), 'ZAAAA1000AA000004');
    await userEvent.selectOptions(screen.getByLabelText('Locale'), 'fr-FR');
    await userEvent.click(screen.getByLabelText('Skip the active check (skipIsActiveCheck)'));
    await userEvent.click(screen.getByRole('button', { name: 'Open the renewal page' }));
    await waitFor(() =>
      expect(visited).toContain(
        '/fr-FR/service/cn-connected-navigation?carvin=ZAAAA1000AA000004&skipIsActiveCheck=true',
      ),
    );
  });

  it('when the one-time-fee product and a mail token are chosen, then the ADAS page /product opens with the token', async () => {
    const { router } = renderApp('/en-GB/test');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname + state.location.search));
    await userEvent.selectOptions(await screen.findByLabelText('Product'), 'vcs-adaptive-cruise');
    await userEvent.click(screen.getByLabelText('Mail token (token)'));
    await userEvent.type(screen.getByLabelText('Identifier value'), 'mt-000001');
    await userEvent.click(screen.getByRole('button', { name: 'Open the renewal page' }));
    await waitFor(() => expect(visited).toContain('/en-GB/product?token=mt-000001'));
  });

  it('when a render error is thrown on /test-errors, then "Unable to Load Page" shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/en-GB/test-errors');
    await userEvent.click(await screen.findByRole('button', { name: 'Throw a render error' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unable to Load Page' })).toBeTruthy();
  });

  it('when a chunk load fails on /test-errors, then the chunk-load screen offers "Retry Connection"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/en-GB/test-errors');
    await userEvent.click(await screen.findByRole('button', { name: 'Fail to load a page' }));
    expect(await screen.findByRole('button', { name: 'Retry Connection' })).toBeTruthy();
  });

  it("when a malformed request is sent, then the proxy's problem is shown", async () => {
    stubApi([
      SESSION_STUB,
      [
        'GET',
        /\/api\/vehicles\/lookup$/,
        { status: 400, body: { title: 'Your request has invalid fields', status: 400 } },
      ],
    ]);
    renderApp('/en-GB/test-errors');
    await userEvent.click(await screen.findByRole('button', { name: 'Send a malformed request' }));
    expect(await screen.findByText('The proxy answered 400: Your request has invalid fields')).toBeTruthy();
  });

  it('when analytics cookies are declined and saved, then no analytics event is pushed', async () => {
    window.localStorage.setItem('cookie-preferences', JSON.stringify({ analytics: true, marketing: false }));
    renderApp('/en-GB/cookie-preferences');
    const analytics = await screen.findByRole('checkbox', { name: /^Analytics/ });
    expect((analytics as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^Strictly necessary/ }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(analytics);
    await userEvent.click(screen.getByRole('button', { name: 'Save my choice' }));
    expect(await screen.findByText('Your cookie preferences are saved.')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('cookie-preferences')!)).toEqual({
      analytics: false,
      marketing: false,
    });
    window.dataLayer = [];
    track({ event: 'click', label: 'test' });
    expect(window.dataLayer).toEqual([]);
  });

  it('when /test-override is opened under fr-BE, then prices and dates follow that locale', async () => {
    renderApp('/fr-BE/test-override');
    expect(await screen.findByText('fr-BE')).toBeTruthy();
    expect(screen.getByText(/1\s234,50\s€/)).toBeTruthy();
    expect(screen.getByText('31 décembre 2026')).toBeTruthy();
  });

  it('when /test-multisite-components is opened, then both brands show their components', async () => {
    renderApp('/en-GB/test-multisite-components');
    const aurora = await screen.findByRole('region', { name: 'Aurora' });
    const borealis = screen.getByRole('region', { name: 'Borealis' });
    expect(aurora.getAttribute('data-site')).toBe('aurora');
    expect(borealis.getAttribute('data-site')).toBe('borealis');
  });

  it('when the UI kit dialog is opened and closed, then focus returns to its button', async () => {
    renderApp('/en-GB/uikit');
    const opener = await screen.findByRole('button', { name: 'Open a dialog' });
    await userEvent.click(opener);
    expect(await screen.findByText(/Focus stays inside/)).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('when the UI kit message passes 200 characters, then "The entered text is too long", the counter and a disabled Send; shortened, it sends (§5)', async () => {
    renderApp('/en-GB/uikit');
    const message = await screen.findByLabelText('Message');
    const send = screen.getByRole('button', { name: 'Send' });
    await userEvent.click(message);
    await userEvent.paste('x'.repeat(200));
    expect(screen.getByText('200/200')).toBeTruthy();
    expect(screen.queryByText('The entered text is too long')).toBeNull();
    expect((send as HTMLButtonElement).disabled).toBe(false);
    await userEvent.type(message, 'y');
    expect(screen.getByText('201/200')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The entered text is too long');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(message, '{Backspace}');
    expect((message as HTMLTextAreaElement).value).toHaveLength(200);
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.click(send);
    expect(await screen.findByText(/^Sent: .+, 200 characters\.$/)).toBeTruthy();
  });

  it('when the searchable dropdown is used with the keyboard, then typing narrows it and Enter chooses', async () => {
    renderApp('/en-GB/uikit');
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(country.getAttribute('placeholder')).toBe('Please select a value or type something.');
    await userEvent.type(country, 'ger');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect((country as HTMLInputElement).value).toBe('Germany');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent: Germany, 0 characters.')).toBeTruthy();
  });
});
