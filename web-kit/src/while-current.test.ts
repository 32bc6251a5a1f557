import { describe, expect, it, jest } from '@jest/globals';
import { whileCurrent } from './while-current.ts';

describe('whileCurrent', () => {
  it('when the promise settles before the cleanup, then its value or error is handed on', async () => {
    const onValue = jest.fn();
    const onError = jest.fn();
    whileCurrent(Promise.resolve(1), onValue, onError);
    whileCurrent(Promise.reject(new Error('down')), onValue, onError);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onValue).toHaveBeenCalledWith(1);
    expect(onError).toHaveBeenCalledWith(new Error('down'));
  });

  it('when the cleanup ran first, then a late value or error is dropped', async () => {
    const onValue = jest.fn();
    const onError = jest.fn();
    whileCurrent(Promise.resolve(1), onValue, onError)();
    whileCurrent(Promise.reject(new Error('down')), onValue, onError)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onValue).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
