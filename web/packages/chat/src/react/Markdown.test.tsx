import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

describe('Markdown', () => {
  it('renders CommonMark and GFM as elements', () => {
    const { container } = render(
      <Markdown
        className="md"
        source={[
          '## Horario',
          '',
          'Abrimos **de lunes a viernes**, ~~sábados~~ no.',
          '',
          '- [x] Elegir servicio',
          '- [ ] Elegir hora',
          '',
          '| Día | Hora |',
          '| --- | ---: |',
          '| Lunes | 9:00 |',
          '',
          '```js',
          'reservar();',
          '```',
          '',
          'Más en [la web](https://example.com) o www.example.org.',
        ].join('\n')}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Horario' })).toBeInTheDocument();
    expect(container.querySelector('strong')?.textContent).toBe('de lunes a viernes');
    expect(container.querySelector('del')?.textContent).toBe('sábados');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(boxes.every((box) => (box as HTMLInputElement).disabled)).toBe(true);
    expect((boxes[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('cell', { name: '9:00' })).toHaveAttribute('align', 'right');
    expect(container.querySelector('pre code.language-js')?.textContent).toBe('reservar();\n');
    for (const link of screen.getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'www.example.org' })).toHaveAttribute(
      'href',
      'http://www.example.org',
    );
    expect(container.firstElementChild).toHaveClass('md');
  });

  it('shows raw HTML as text and builds only the YouTube iframe', () => {
    const { container } = render(
      <Markdown
        source={
          'Hola <img src=x onerror=alert(1)> <script>alert(2)</script>\n\n' +
          '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" onload="alert(3)"></iframe>'
        }
      />,
    );
    expect(
      screen.getByText('Hola <img src=x onerror=alert(1)> <script>alert(2)</script>'),
    ).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
    const iframe = container.querySelector('iframe');
    expect(iframe).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
    expect(iframe).not.toHaveAttribute('onload');
  });

  it('renders a text form of non-string content without throwing', () => {
    const { container, rerender } = render(<Markdown source={{ output: { hora: '10:00' } }} />);
    expect(container.querySelector('pre code.language-json')?.textContent).toContain(
      '"hora": "10:00"',
    );
    rerender(<Markdown source={[{ type: 'text', text: '*Hola*' }, { type: 'image_url' }]} />);
    expect(container.querySelector('em')?.textContent).toBe('Hola');
    rerender(<Markdown source={null} />);
    expect(container.textContent).toBe('');
  });

  it('keeps the DOM of finished blocks while a reply streams in', () => {
    const { container, rerender } = render(<Markdown source={'# Uno\n\nDos'} />);
    const heading = container.querySelector('h1');
    const paragraph = container.querySelector('p');
    rerender(<Markdown source={'# Uno\n\nDos, tres\n\n- cuatro'} />);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('p')).toBe(paragraph);
    expect(paragraph?.textContent).toBe('Dos, tres');
    expect(container.querySelector('li')?.textContent).toBe('cuatro');
    rerender(<Markdown source={'Otra cosa'} />);
    expect(container.querySelector('h1')).toBeNull();
    expect(container.textContent).toBe('Otra cosa');
  });
});
