import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInChat, stubObjectUrls } from '../test/render';
import { FileChip } from './FileChip';

describe('FileChip', () => {
  it.each([
    ['informe.pdf', 'application/pdf', 'file-text'],
    ['voz.ogg', 'audio/ogg', 'file-audio'],
    ['foto.jpg', 'image/jpeg', 'file-image'],
    ['clip.mp4', 'video/mp4', 'file-video'],
  ])('shows %s with the %s type icon', (name, type, icon) => {
    const { container } = renderInChat(<FileChip file={new File(['x'], name, { type })} />);
    expect(screen.getByRole('button', { name: `Open ${name}` })).toHaveTextContent(name);
    expect(container.querySelector(`.chat-icon-${icon}`)).not.toBeNull();
  });

  it('offers a labelled remove button when removable', async () => {
    const onRemove = vi.fn();
    renderInChat(<FileChip file={new File(['x'], 'a.txt')} onRemove={onRemove} />, {
      defaultLanguage: 'es',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Quitar a.txt' }));
    expect(onRemove).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Abrir a.txt' })).toBeInTheDocument();
  });

  it('opens a preview of the file in a new window through an object URL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { revoke } = stubObjectUrls();
    renderInChat(<FileChip file={new File(['x'], 'a.png', { type: 'image/png' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open a.png' }));
    expect(open).toHaveBeenCalledWith('blob:preview', '_blank', 'noopener');
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revoke).toHaveBeenCalledWith('blob:preview');
    vi.useRealTimers();
  });
});
