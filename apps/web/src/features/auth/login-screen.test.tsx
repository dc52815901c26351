import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sha, verifySolution } from 'altcha/lib';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { fakeSessionToken, jsonReply, mockApi, renderApp, TEST_CAPTCHA_SECRET, type ApiCall } from '../../lib/test-support.tsx';

const VALID_ENTRY = '09638000001';
const WRONG_OTP = 'The OTP is wrong or has expired. Please check it or ask for a new one.';

// The screen loads lazily, the first time slowly on a busy machine.
const numberField = () => screen.findByLabelText('Switchboard Number', {}, { timeout: 5000 });
const otpField = () => screen.queryByLabelText('OTP');
const actionButton = () => screen.getByRole('button', { name: /Get OTP|Submit/ });
const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

async function requestOtpFor(entry = VALID_ENTRY) {
  const user = userEvent.setup();
  await user.type(await numberField(), entry);
  await user.click(screen.getByRole('button', { name: 'Get OTP' }));
  // The bot check is solved first, slowly on a busy machine.
  await screen.findByLabelText('OTP', {}, { timeout: 5000 });
  return user;
}

describe('the sign-in screen', { timeout: 20_000 }, () => {
  it('keeps Get OTP disabled until the number is valid', async () => {
    mockApi();
    renderApp('/');
    const user = userEvent.setup();
    const field = await numberField();

    expect(actionButton()).toHaveProperty('disabled', true);
    await user.type(field, '0963800000');
    expect(actionButton()).toHaveProperty('disabled', true);
    await user.type(field, '1');
    expect(actionButton()).toHaveProperty('disabled', false);
    await user.clear(field);
    await user.type(field, '01712345678');
    expect(actionButton()).toHaveProperty('disabled', true);
  });

  it('asks for an OTP with a solved bot check, then offers Submit once an OTP is typed', async () => {
    const calls = mockApi({ 'POST /api/v1/users/generate-otp': { message: 'sent' } });
    renderApp('/');
    const user = await requestOtpFor();

    const [request] = callsTo(calls, '/api/v1/users/generate-otp');
    const body = request?.body as { product_number: string; token: string };
    expect(body.product_number).toBe('8809638000001');
    const payload = JSON.parse(atob(body.token));
    const check = await verifySolution({ ...payload, deriveKey: sha.deriveKey, hmacSignatureSecret: TEST_CAPTCHA_SECRET });
    expect(check.verified).toBe(true);

    expect(await screen.findByText('An OTP has been sent to your Switchboard number')).toBeTruthy();
    expect(actionButton().textContent).toBe('Submit');
    expect(actionButton()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('OTP'), '123456');
    expect(actionButton()).toHaveProperty('disabled', false);
  });

  it('solves the bot check while the number is typed, so that Get OTP only sends; the login gets a fresh one', async () => {
    const token = fakeSessionToken({ user_type: 'customer', role: 'user' });
    const calls = mockApi({
      'POST /api/v1/users/generate-otp': { message: 'sent' },
      'POST /api/v1/users/login': { auth_token: token },
    });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await numberField(), VALID_ENTRY.slice(0, -1));
    // Not for a number that is not one yet.
    expect(callsTo(calls, '/api/v1/captcha/challenge')).toHaveLength(0);
    await user.type(await numberField(), VALID_ENTRY.slice(-1));
    await waitFor(() => expect(callsTo(calls, '/api/v1/captcha/challenge')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findByLabelText('OTP', {}, { timeout: 5000 });
    // The next check is solved while the person reads the SMS.
    await waitFor(() => expect(callsTo(calls, '/api/v1/captcha/challenge')).toHaveLength(2));
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    expect(callsTo(calls, '/api/v1/captcha/challenge')).toHaveLength(2);
    const tokens = [...callsTo(calls, '/api/v1/users/generate-otp'), ...callsTo(calls, '/api/v1/users/login')].map(
      (call) => (call.body as { token: string }).token,
    );
    // A solution is accepted once: each call carries its own.
    expect(new Set(tokens).size).toBe(2);
  });

  it('submits with the Enter key when the number is valid', async () => {
    const calls = mockApi({ 'POST /api/v1/users/generate-otp': { message: 'sent' } });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await numberField(), `${VALID_ENTRY}{Enter}`);

    expect(await screen.findByLabelText('OTP')).toBeTruthy();
    expect(callsTo(calls, '/api/v1/users/generate-otp')).toHaveLength(1);
  });

  it('goes back to Get OTP and clears the OTP when the number is edited', async () => {
    mockApi({ 'POST /api/v1/users/generate-otp': { message: 'sent' } });
    renderApp('/');
    const user = await requestOtpFor();
    await user.type(screen.getByLabelText('OTP'), '123456');

    await user.type(await numberField(), '{Backspace}2');

    expect(otpField()).toBeNull();
    expect(actionButton().textContent).toBe('Get OTP');
    await user.click(actionButton());
    expect((await screen.findByLabelText('OTP')).getAttribute('value')).toBe('');
  });

  it('shows the server message and no OTP field when the OTP request is refused', async () => {
    mockApi({
      'POST /api/v1/users/generate-otp': jsonReply(429, {
        message: 'Please wait 42 seconds before asking for another OTP.',
        code: 'rate_limited',
      }),
    });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await numberField(), VALID_ENTRY);
    await user.click(actionButton());

    expect(await screen.findByText('Please wait 42 seconds before asking for another OTP.')).toBeTruthy();
    expect(otpField()).toBeNull();
    expect(actionButton().textContent).toBe('Get OTP');
  });

  it('shows the fallback text when a failure carries no message', async () => {
    mockApi({ 'POST /api/v1/users/generate-otp': new Response('Bad gateway', { status: 502 }) });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await numberField(), VALID_ENTRY);
    await user.click(actionButton());

    expect(await screen.findByText('Sorry, something went wrong. Please try again or refresh')).toBeTruthy();
  });

  it('clears the OTP and the number and starts over when the login is refused', async () => {
    mockApi({
      'POST /api/v1/users/generate-otp': { message: 'sent' },
      'POST /api/v1/users/login': jsonReply(400, { message: WRONG_OTP, code: 'bad_request' }),
    });
    renderApp('/');
    const user = await requestOtpFor();
    await user.type(screen.getByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(WRONG_OTP)).toBeTruthy();
    expect((await numberField()).getAttribute('value')).toBe('');
    expect(otpField()).toBeNull();
    expect(actionButton().textContent).toBe('Get OTP');
    expect(actionButton()).toHaveProperty('disabled', true);
    expect(localStorage.getItem('jwt_token')).toBeNull();
  });

  it('stores the token and opens the ticket list after a successful login', async () => {
    const token = fakeSessionToken({ user_type: 'customer', role: 'user' });
    const calls = mockApi({
      'POST /api/v1/users/generate-otp': { message: 'sent' },
      'POST /api/v1/users/login': { auth_token: token },
    });
    const { router } = renderApp('/');
    const user = await requestOtpFor();
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Login successful!')).toBeTruthy();
    expect(localStorage.getItem('jwt_token')).toBe(token);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(router.state.location.search).toEqual({ page: 1 });
    const [login] = callsTo(calls, '/api/v1/users/login');
    expect(login?.body).toMatchObject({ product_number: '8809638000001', otp: '123456' });
    // Each call carries a bot check of its own: a solution is accepted once.
    const challenges = callsTo(calls, '/api/v1/captcha/challenge');
    expect(challenges).toHaveLength(2);
    // Sign-in's own challenges: priced by sign-in traffic, not by the public form's.
    expect(challenges.map((call) => call.query.get('flow'))).toEqual(['sign-in', 'sign-in']);
  });

  it('labels the number field with the brand name the server reports', async () => {
    mockApi({
      'GET /api/v1/config': {
        brand_name: 'Aamra',
        timezone: 'Asia/Dhaka',
        captcha: { challenge_url: '/api/v1/captcha/challenge' },
      },
    });
    renderApp('/');

    expect(await screen.findByLabelText('Aamra Number')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Aamra' })).toBeTruthy();
  });
});

describe('arriving at the sign-in screen', { timeout: 20_000 }, () => {
  it('signs in with a valid token handed over in ?q= and drops it from the address', async () => {
    const token = fakeSessionToken({ user_type: 'agent', role: 'user' });
    const calls = mockApi({ 'GET /api/v1/users/validate-token': { valid: true, user: {} } });
    const { router } = renderApp(`/?q=${token}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(router.state.location.search).toEqual({ page: 1 });
    expect(localStorage.getItem('jwt_token')).toBe(token);
    expect(callsTo(calls, '/api/v1/users/validate-token')[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('refuses an invalid ?q= token and offers the form', async () => {
    mockApi({ 'GET /api/v1/users/validate-token': jsonReply(401, { message: 'Your session has ended.', code: 'unauthorized' }) });
    const { router } = renderApp('/?q=not-a-token');

    expect(await numberField()).toBeTruthy();
    expect(await screen.findByText('This sign-in link is no longer valid. Please sign in with your number.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(localStorage.getItem('jwt_token')).toBeNull();
  });

  it('goes straight to the ticket list when a session token is stored', async () => {
    mockApi();
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'customer', role: 'user' }));
    const { router } = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(router.state.location.search).toEqual({ page: 1 });
  });

  it('sends a visitor without a session from a signed-in page to /', async () => {
    mockApi();
    const { router } = renderApp('/tickets?page=1');

    expect(await numberField()).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('a sign-in link while somebody is signed in', { timeout: 20_000 }, () => {
  const ayesha = fakeSessionToken({
    user_type: 'cc',
    role: 'user',
    name: 'Ayesha Rahman',
    number: '8809638000002',
    sub: '00000000-0000-4000-8000-00000000000a',
  });
  const rafiq = fakeSessionToken({
    user_type: 'agent',
    role: 'user',
    name: 'Rafiq Islam',
    number: '8809638000006',
    sub: '00000000-0000-4000-8000-00000000000b',
  });
  const question = 'Sign in as Rafiq Islam (+8809638000006) instead of Ayesha Rahman?';

  function arriveWithLinkOf(token: string, validity: Response | object = { valid: true, user: {} }) {
    localStorage.setItem('jwt_token', ayesha);
    mockApi({ 'GET /api/v1/users/validate-token': validity });
    return renderApp(`/?q=${token}`);
  }

  it("asks before another account's link replaces the session, and switches on Switch account", async () => {
    const { router } = arriveWithLinkOf(rafiq);

    expect(await screen.findByText(question, {}, { timeout: 5000 })).toBeTruthy();
    expect(localStorage.getItem('jwt_token')).toBe(ayesha);
    await userEvent.click(screen.getByRole('button', { name: 'Switch account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(localStorage.getItem('jwt_token')).toBe(rafiq);
  });

  it('keeps the session on Stay signed in', async () => {
    const { router } = arriveWithLinkOf(rafiq);

    await userEvent.click(await screen.findByRole('button', { name: 'Stay signed in' }, { timeout: 5000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(router.state.location.search).toEqual({ page: 1 });
    expect(localStorage.getItem('jwt_token')).toBe(ayesha);
  });

  it('just continues with a link of the same user, asking nothing', async () => {
    const again = fakeSessionToken({
      user_type: 'cc',
      role: 'user',
      name: 'Ayesha Rahman',
      sub: '00000000-0000-4000-8000-00000000000a',
    });
    const { router } = arriveWithLinkOf(again);

    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Switch account' })).toBeNull();
    expect(localStorage.getItem('jwt_token')).toBe(ayesha);
  });

  it('keeps the session when the link is refused', async () => {
    const refused = jsonReply(401, { message: 'Your session has ended.', code: 'unauthorized' });
    const { router } = arriveWithLinkOf(rafiq, refused);

    expect(
      await screen.findByText(
        'This sign-in link is no longer valid. You are still signed in as Ayesha Rahman.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(localStorage.getItem('jwt_token')).toBe(ayesha);
  });
});

describe('arriving after the server ended the session', { timeout: 20_000 }, () => {
  it.each([
    ['account_changed', 'Your session ended because your account was changed. Please sign in again.'],
    ['expired', 'Your session has expired. Please sign in again.'],
  ])('says why (%s) and keeps saying it until the next sign-in', async (reason, text) => {
    sessionStorage.setItem('session_end_reason', reason);
    mockApi({ 'POST /api/v1/users/generate-otp': { message: 'sent' } });
    renderApp('/');

    const note = await screen.findByText(text, {}, { timeout: 5000 });
    expect(note.closest('[role="alert"]')).toBeTruthy();
    await requestOtpFor();
    expect(await screen.findByText('An OTP has been sent to your Switchboard number')).toBeTruthy();
    expect(screen.getByText(text)).toBe(note);
  });

  it('forgets the reason once signed in again', async () => {
    sessionStorage.setItem('session_end_reason', 'expired');
    mockApi({
      'POST /api/v1/users/generate-otp': { message: 'sent' },
      'POST /api/v1/users/login': { auth_token: fakeSessionToken({ user_type: 'customer', role: 'user' }) },
    });
    renderApp('/');
    const user = await requestOtpFor();
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Login successful!')).toBeTruthy();
    expect(sessionStorage.getItem('session_end_reason')).toBeNull();
  });

  describe('in Bangla', () => {
    afterEach(async () => {
      await changeLanguage('en');
    });

    it('switches the words, not what was typed, and remembers the choice', async () => {
      mockApi();
      renderApp('/');
      const user = userEvent.setup();
      await user.type(await numberField(), '0963800');
      await user.click(screen.getByRole('button', { name: 'বাংলা' }));

      expect(await screen.findByRole('button', { name: 'OTP নিন' })).toBeTruthy();
      expect(screen.getByLabelText<HTMLInputElement>('Switchboard নম্বর').value).toBe('0963800');
      expect(document.documentElement.lang).toBe('bn');
      expect(localStorage.getItem('language')).toBe('bn');

      await user.click(screen.getByRole('button', { name: 'English' }));
      expect(await screen.findByRole('button', { name: 'Get OTP' })).toBeTruthy();
      expect(document.documentElement.lang).toBe('en');
      expect(localStorage.getItem('language')).toBe('en');
    });
  });
});
