import { describe, expect, it } from '@jest/globals';
import { storedFile } from '../../../testing/fixtures.ts';
import { type FilesAction, filesOf, filesReducer, type FilesState, filesWaiting, visibleFiles } from './files-state.ts';

const run = (state: FilesState, ...actions: FilesAction[]) => actions.reduce(filesReducer, state);
const file = (name: string) => new File(['abc'], name, { type: 'text/plain' });

describe('course files', () => {
  it('when files are added and removed, then pending uploads are dropped and stored files are queued for deletion', () => {
    const stored = storedFile();
    let state = run(filesOf([stored]), { type: 'added', files: [{ id: 'temp-1', file: file('a.txt') }] });
    expect(filesWaiting(state)).toBe(true);
    expect(visibleFiles(state).map((entry) => (entry.kind === 'stored' ? entry.file.id : entry.upload.id))).toEqual([
      stored.id,
      'temp-1',
    ]);
    state = run(state, { type: 'removed', id: 'temp-1' });
    expect(state.pending).toEqual([]);
    expect(filesWaiting(state)).toBe(false);
    state = run(state, { type: 'removed', id: stored.id }, { type: 'removed', id: stored.id });
    expect(state.queuedDeletions).toEqual([stored.id]);
    expect(visibleFiles(state)).toEqual([]);
    expect(filesWaiting(state)).toBe(true);
  });

  it('when an upload is done, then the stored record replaces the temporary entry; when it fails, then it stays pending with its error', () => {
    const record = storedFile({ fileName: 'a.txt' });
    let state = run(filesOf([]), {
      type: 'added',
      files: [
        { id: 'temp-1', file: file('a.txt') },
        { id: 'temp-2', file: file('b.txt') },
      ],
    });
    state = run(state, { type: 'uploadStarted', id: 'temp-1' }, { type: 'uploadProgress', id: 'temp-1', progress: 40 });
    expect(state.pending[0]?.progress).toBe(40);
    state = run(
      state,
      { type: 'uploadDone', id: 'temp-1', stored: record },
      { type: 'uploadFailed', id: 'temp-2', error: { key: 'files.tooLarge' } },
    );
    expect(state.stored).toEqual([record]);
    expect(state.pending.map((upload) => [upload.id, upload.error?.key])).toEqual([['temp-2', 'files.tooLarge']]);
    expect(run(state, { type: 'saveStarted' }).pending[0]?.error).toBeNull();
  });

  it('when the latest version is loaded, then its files are shown and deletions of files it no longer has are dropped', () => {
    const kept = storedFile({ id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d' });
    const gone = storedFile();
    const state = run(
      filesOf([kept, gone]),
      { type: 'removed', id: kept.id },
      { type: 'removed', id: gone.id },
      { type: 'loaded', files: [kept] },
    );
    expect(state.stored).toEqual([kept]);
    expect(state.queuedDeletions).toEqual([kept.id]);
  });
});
