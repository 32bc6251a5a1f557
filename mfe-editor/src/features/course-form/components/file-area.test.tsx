import '@portal/web-kit/testing/setup-i18n';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { fakeApi } from '../../../../../jest/fake-api.ts';
import type { PendingUpload } from '../lib/files-state.ts';
import { type FileEntry, FileArea } from './file-area.tsx';

const LIMIT = 50 * 1024 * 1024;

/** A file that says it has `size` bytes, without holding them. */
function sized(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function pending(values: Partial<PendingUpload>): FileEntry {
  const file = sized('handbook.pdf', 2_000_000);
  return {
    kind: 'pending',
    upload: {
      id: 'temp-1',
      file,
      fileName: file.name,
      fileSize: file.size,
      fileType: file.type,
      progress: null,
      error: null,
      ...values,
    },
  };
}

function renderArea(entries: FileEntry[] = []) {
  const onAdd = jest.fn<(files: File[]) => void>();
  render(<FileArea entries={entries} disabled={false} unavailable={false} onAdd={onAdd} onRemove={() => undefined} />);
  return onAdd;
}

const limitHint = () => screen.findByText('Each file may have up to 50 MB.');

describe('the file area', () => {
  beforeAll(() => {
    fakeApi({ 'GET /config.json': { status: 200, body: { maxFileBytes: LIMIT } } });
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('when /config.json tells the limit, then the area names it, and a chosen file over it is refused naming file, size and limit while the others are added', async () => {
    const onAdd = renderArea();
    await limitHint();
    const small = sized('notes.txt', 1200);
    await userEvent.setup().upload(screen.getByLabelText('Choose files'), [small, sized('film.mp4', 60_000_000)]);

    expect(onAdd).toHaveBeenCalledWith([small]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '“film.mp4” (57.22 MB) was not added: a file may have at most 50 MB.',
    );
  });

  it('when a file over the limit is dropped, then nothing is added and the area says why', async () => {
    const onAdd = renderArea();
    await limitHint();
    fireEvent.drop(screen.getByRole('button', { name: /Drop files here/ }), {
      dataTransfer: { files: [sized('film.mp4', LIMIT + 1)] },
    });

    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('“film.mp4” (50 MB) was not added');
  });

  it('when a file exactly at the limit is dropped, then it is added', async () => {
    const onAdd = renderArea();
    await limitHint();
    const atLimit = sized('film.mp4', LIMIT);
    fireEvent.drop(screen.getByRole('button', { name: /Drop files here/ }), { dataTransfer: { files: [atLimit] } });
    expect(onAdd).toHaveBeenCalledWith([atLimit]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the interface is in French, then the limit is written the French way', async () => {
    await i18next.changeLanguage('fr');
    renderArea();
    expect(await screen.findByText(/^Chaque fichier peut peser jusqu’à 50\sMo\.$/)).toBeInTheDocument();
  });

  it('when a file is being sent, then its progress shows as a progress bar', async () => {
    renderArea([pending({ progress: 42 })]);
    const list = screen.getByRole('list', { name: 'Files of the course' });
    expect(within(list).getByRole('progressbar', { name: 'Upload of handbook.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
  });

  it('when the server refused a file as too large, then the file says so with the limit and does not ask to save again', async () => {
    renderArea([pending({ error: { key: 'files.tooLarge' } })]);
    await limitHint();
    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent(
      'This file is larger than 50 MB, the most the portal accepts. Remove it from the list: it cannot be uploaded.',
    );
    expect(message).not.toHaveTextContent(/save again/i);
  });
});
