import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMENT_MAX_LENGTH } from '@switchboard/shared';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../lib/test-support.tsx';
import { CommentForm } from './comment-form.tsx';

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function sentBody(fetchMock: ReturnType<typeof stubFetch>): unknown {
  const init = fetchMock.mock.calls[0]?.[1];
  return JSON.parse(init?.body as string);
}

/** The newest comment the ticket view showed. */
const SEEN = '2026-11-20T04:05:00.000Z';

const textarea = () => screen.getByLabelText<HTMLTextAreaElement>('Add comment');
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const write = (value: string) => fireEvent.change(textarea(), { target: { value } });

describe('CommentForm', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('disables Send while the message is blank after trimming', () => {
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal={false} />);
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    write('   \n  ');
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    write(' thanks ');
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });

  it('disables Send while sending', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal={false} />);
    write('Still no connection');
    fireEvent.click(sendButton());
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(true));
    await act(async () => answer(new Response(JSON.stringify({ message: 'ok' }), { status: 200 })));
  });

  it('has no internal toggle for agents and customers, and sends is_internal false', async () => {
    const fetchMock = stubFetch(() => json(200, { message: 'Successfully added new comment' }));
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal={false} />);
    expect(screen.queryByRole('switch')).toBeNull();
    write('Line one\r\nLine two');
    fireEvent.click(sendButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/tickets/add-comment');
    expect(sentBody(fetchMock)).toEqual({
      ticket_id: 100001,
      message: 'Line one\nLine two',
      is_internal: false,
      attachments: [],
      wait_for_customer: false,
      seen_until: SEEN,
    });
    expect(screen.queryByRole('checkbox', { name: /Wait for the customer/ })).toBeNull();
  });

  it('lets staff switch from External Comment (the default) to Internal Comment', async () => {
    const fetchMock = stubFetch(() => json(200, { message: 'ok' }));
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal />);
    const toggle = screen.getByRole('switch', { name: 'External Comment' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(screen.getByRole('switch', { name: 'Internal Comment' })).toBeTruthy();
    write('Checked the line, escalating');
    fireEvent.click(sendButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ is_internal: true });
  });

  it("shows 'Successfully added new comment' titled 'Success!' and clears the form", async () => {
    stubFetch(() => json(200, { message: 'Successfully added new comment' }));
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal />);
    fireEvent.click(screen.getByRole('switch', { name: 'External Comment' }));
    write('Done');
    fireEvent.click(sendButton());
    expect(await screen.findByText('Successfully added new comment')).toBeTruthy();
    expect(screen.getByText('Success!')).toBeTruthy();
    expect(textarea().value).toBe('');
    expect(screen.getByRole('switch', { name: 'External Comment' })).toBeTruthy();
  });

  it("keeps what was written when the send fails, with the server's message or the fallback text", async () => {
    stubFetch(() => json(403, { message: 'You cannot comment on this ticket', code: 'forbidden' }));
    const { unmount } = renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal />);
    fireEvent.click(screen.getByRole('switch', { name: 'External Comment' }));
    write('Hello');
    fireEvent.click(sendButton());
    expect(await screen.findByText('You cannot comment on this ticket')).toBeTruthy();
    expect(textarea().value).toBe('Hello');
    expect(screen.getByRole('switch', { name: 'Internal Comment' })).toBeTruthy();
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    unmount();

    stubFetch(() => Promise.resolve(new Response('oops', { status: 500 })));
    renderWithProviders(<CommentForm ticketId={100002} newestShown={SEEN} canWriteInternal={false} />);
    write('Hello again');
    fireEvent.click(sendButton());
    expect(await screen.findByText('Sorry, something went wrong. Please try again or refresh')).toBeTruthy();
    expect(textarea().value).toBe('Hello again');
  });

  it('keeps the text being written per ticket for this tab, and forgets it once sent', async () => {
    stubFetch(() => json(200, { message: 'Successfully added new comment' }));
    const first = renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal={false} />);
    write('Half a thought');
    first.unmount();

    const other = renderWithProviders(<CommentForm ticketId={100002} newestShown={SEEN} canWriteInternal={false} />);
    expect(textarea().value).toBe('');
    other.unmount();

    const again = renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal={false} />);
    expect(textarea().value).toBe('Half a thought');
    fireEvent.click(sendButton());
    expect(await screen.findByText('Successfully added new comment')).toBeTruthy();
    again.unmount();

    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal={false} />);
    expect(textarea().value).toBe('');
  });

  it("shows the endpoint's length limit once the message is over it, and sends nothing", () => {
    const fetchMock = stubFetch(() => json(200, { message: 'ok' }));
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal={false} />);
    write('x'.repeat(COMMENT_MAX_LENGTH));
    expect(screen.queryByText(`A comment has at most ${COMMENT_MAX_LENGTH} characters`)).toBeNull();
    write('x'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(screen.getByText(`A comment has at most ${COMMENT_MAX_LENGTH} characters`)).toBeTruthy();
    fireEvent.click(sendButton());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the length limit in Bangla when the interface is in Bangla', async () => {
    stubFetch(() => json(200, { message: 'ok' }));
    await changeLanguage('bn');
    try {
      renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal={false} />);
      fireEvent.change(screen.getByRole('textbox'), { target: { value: 'x'.repeat(COMMENT_MAX_LENGTH + 1) } });
      expect(screen.getByText(`একটি কমেন্ট সর্বোচ্চ ${COMMENT_MAX_LENGTH} অক্ষরের হতে পারে`)).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('inserts a newline on Enter (no sending) and a blank line on Shift+Enter', () => {
    const fetchMock = stubFetch(() => json(200, { message: 'ok' }));
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal={false} />);
    write('First');
    textarea().setSelectionRange(5, 5);
    fireEvent.keyDown(textarea(), { key: 'Enter', shiftKey: true });
    expect(textarea().value).toBe('First\n\n');
    fireEvent.keyDown(textarea(), { key: 'Enter' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
  it('offers staff "Wait for the customer" beside an external reply only, and sends it', async () => {
    const fetchMock = stubFetch(() => json(201, { message: 'Successfully added new comment' }));
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal canWaitForCustomer />);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Wait for the customer/ }).checked).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: 'External Comment' }));
    expect(screen.queryByRole('checkbox', { name: /Wait for the customer/ })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Internal Comment' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Wait for the customer/ }));
    write('Is the light on the router green?');
    fireEvent.click(sendButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ is_internal: false, wait_for_customer: true });
    expect(await screen.findByText('Successfully added new comment')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Wait for the customer/ }).checked).toBe(false);
  });

  it('keeps the wait and the text when the send fails', async () => {
    stubFetch(() => json(409, { message: 'This ticket is already solved.', code: 'conflict' }));
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal canWaitForCustomer />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Wait for the customer/ }));
    write('Any news?');
    fireEvent.click(sendButton());
    expect(await screen.findByText('This ticket is already solved.')).toBeTruthy();
    expect(textarea().value).toBe('Any news?');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Wait for the customer/ }).checked).toBe(true);
  });

  it('names the wait in Bangla', async () => {
    await changeLanguage('bn');
    try {
      renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal canWaitForCustomer />);
      expect(screen.getByRole('checkbox', { name: /গ্রাহকের জবাবের অপেক্ষা করুন/ })).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('offers no wait to staff who may not act on the ticket', () => {
    renderWithProviders(<CommentForm ticketId={100001} newestShown={SEEN} canWriteInternal canWaitForCustomer={false} />);
    expect(screen.queryByRole('checkbox', { name: /Wait for the customer/ })).toBeNull();
  });
  it('keeps the draft when somebody replied meanwhile, says so above Send, and sends again with what is shown now', async () => {
    const replied =
      'Somebody else wrote on this ticket after you opened it. Read their comment; your text is kept, send it again if it still fits.';
    const fetchMock = stubFetch(() => json(409, { message: replied, code: 'conflict' }));
    const view = renderWithProviders(<CommentForm ticketId={100003} newestShown={SEEN} canWriteInternal={false} />);
    write('My half-written answer');
    fireEvent.click(sendButton());
    expect(await screen.findByText(replied)).toBeTruthy();
    expect(screen.getByText('Somebody else replied')).toBeTruthy();
    expect(textarea().value).toBe('My half-written answer');
    expect(sentBody(fetchMock)).toMatchObject({ seen_until: SEEN });

    // The ticket read again shows their reply: sending anyway names it.
    const newer = '2026-11-20T04:09:30.500Z';
    view.rerender(<CommentForm ticketId={100003} newestShown={newer} canWriteInternal={false} />);
    fetchMock.mockImplementation(() => json(201, { message: 'Successfully added new comment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(textarea().value).toBe(''));
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string)).toMatchObject({
      message: 'My half-written answer',
      seen_until: newer,
    });
    expect(screen.queryByRole('button', { name: 'Send anyway' })).toBeNull();
  });

  it('names what was shown when the draft began, not a comment that showed up while typing', async () => {
    const fetchMock = stubFetch(() => json(201, { message: 'ok' }));
    const view = renderWithProviders(<CommentForm ticketId={100004} newestShown={SEEN} canWriteInternal={false} />);
    write('Typing');
    view.rerender(<CommentForm ticketId={100004} newestShown="2026-11-20T04:09:30.500Z" canWriteInternal={false} />);
    fireEvent.click(sendButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ seen_until: SEEN });
  });

  it('tells the presence line whether the person is writing: focus or text', () => {
    const onReplyingChange = vi.fn();
    renderWithProviders(
      <CommentForm ticketId={100005} newestShown={SEEN} canWriteInternal={false} onReplyingChange={onReplyingChange} />,
    );
    expect(onReplyingChange).toHaveBeenLastCalledWith(false);
    fireEvent.focus(textarea());
    expect(onReplyingChange).toHaveBeenLastCalledWith(true);
    write('Hello');
    fireEvent.blur(textarea());
    expect(onReplyingChange).toHaveBeenLastCalledWith(true);
    write('');
    expect(onReplyingChange).toHaveBeenLastCalledWith(false);
  });
});
