import { describe, expect, it } from 'vitest';
import { articleLinkText, insertText } from './insert-text.ts';

describe('inserting a canned reply into the comment', () => {
  it('puts it at the caret', () => {
    expect(insertText('Hello  Bye', 'there', { start: 6, end: 6 })).toEqual({ text: 'Hello there Bye', caret: 11 });
  });

  it('replaces the selected text', () => {
    expect(insertText('Hello XXX Bye', 'there', { start: 6, end: 9 })).toEqual({ text: 'Hello there Bye', caret: 11 });
  });

  it('appends it on a new line when the caret is unknown, and fills an empty comment', () => {
    expect(insertText('Hello', 'there', null)).toEqual({ text: 'Hello\nthere', caret: 11 });
    expect(insertText('', 'there', null)).toEqual({ text: 'there', caret: 5 });
    expect(insertText('Hi', 'there', { start: 10, end: 10 })).toEqual({ text: 'Hi\nthere', caret: 8 });
  });
});

describe("inserting a help article's link", () => {
  it('writes the title and the public page on the desk, whatever the slug holds', () => {
    expect(articleLinkText('Restart your ONU', 'restart-your-onu', 'https://desk.example.com/')).toBe(
      'Restart your ONU: https://desk.example.com/help/restart-your-onu',
    );
    expect(articleLinkText('X', 'a b', 'https://desk.example.com')).toBe('X: https://desk.example.com/help/a%20b');
  });
});
