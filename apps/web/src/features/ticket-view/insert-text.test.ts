import { describe, expect, it } from 'vitest';
import { insertText } from './insert-text.ts';

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
